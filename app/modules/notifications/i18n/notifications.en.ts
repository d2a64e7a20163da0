/** English texts of the notifications (issue 36 §5). */
const notifications = {
  title: "Notifications",
  kinds: {
    review_requested: "“{{service}}” is waiting for your review ({{actor}} sent it to review).",
    approved: "“{{service}}” was approved by {{actor}}.",
    sent_back: "“{{service}}” was sent back to in progress by {{actor}}.",
  },
  someone: "someone",
  goneService: "a deleted service",
  markRead: "Read",
  markReadNamed: "Mark as read: {{text}}",
  allRead: "Mark all as read",
  markedRead: "Marked as read.",
  alreadyRead: "Nothing changed: this notification is already read or not yours.",
  markedAllRead: "All notifications marked as read.",
  empty: "No notifications.",
  pages: "Pages of the notifications",
};
export default notifications;
