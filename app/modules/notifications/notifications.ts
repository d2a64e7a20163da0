/**
 * In-app notifications (issue 36 §5, docs/decisions/0078-notifications.md), client-safe.
 */
export const NOTIFICATION_KINDS = ["review_requested", "approved", "sent_back"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATIONS_PATH = "/notifications";
export const NOTIFICATIONS_PAGE_SIZE = 50;

export interface NotificationRow {
  id: number;
  kind: NotificationKind;
  serviceId: number | null;
  serviceName: string | null;
  actorName: string | null;
  createdAt: string;
  readAt: string | null;
}
