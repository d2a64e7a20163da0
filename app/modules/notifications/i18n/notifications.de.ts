/** German texts of the notifications (issue 36 §5). */
const notifications = {
  title: "Benachrichtigungen",
  kinds: {
    review_requested: "„{{service}}“ wartet auf Ihre Prüfung ({{actor}} hat den Service zur Überprüfung gegeben).",
    approved: "„{{service}}“ wurde von {{actor}} abgenommen.",
    sent_back: "„{{service}}“ wurde von {{actor}} zurück in Bearbeitung gegeben.",
  },
  someone: "jemand",
  goneService: "ein gelöschter Service",
  markRead: "Gelesen",
  markReadNamed: "Als gelesen markieren: {{text}}",
  allRead: "Alle als gelesen markieren",
  markedRead: "Als gelesen markiert.",
  alreadyRead: "Nichts geändert: Diese Benachrichtigung ist schon gelesen oder nicht Ihre.",
  markedAllRead: "Alle Benachrichtigungen als gelesen markiert.",
  empty: "Keine Benachrichtigungen.",
  pages: "Seiten der Benachrichtigungen",
};
export default notifications;
