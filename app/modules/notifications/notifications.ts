/**
 * Notifications (issue 36 §5, docs/decisions/0078 and 0079), client-safe.
 */
export const NOTIFICATION_KINDS = ["review_requested", "approved", "sent_back", "mention", "review_due"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How a user wants a kind delivered: in the app only, a mail at once, or in the weekly digest. */
export const DELIVERIES = ["inapp", "mail", "digest"] as const;
export type Delivery = (typeof DELIVERIES)[number];
/** Without a choice: in the app only — mails are asked for, never assumed (decision 0079). */
export const DEFAULT_DELIVERY: Delivery = "inapp";

export type NotificationPrefs = Record<NotificationKind, Delivery>;

export const isNotificationKind = (value: unknown): value is NotificationKind => NOTIFICATION_KINDS.includes(value as NotificationKind);
export const isDelivery = (value: unknown): value is Delivery => DELIVERIES.includes(value as Delivery);

export const NOTIFICATIONS_PATH = "/notifications";
export const NOTIFICATION_PREFS_PATH = "/settings/notifications";
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

/** Where a notification leads: the place to act on it. */
export function notificationTarget(kind: NotificationKind, serviceId: number | null): string | null {
  if (serviceId === null) return null;
  if (kind === "review_requested") return `/servicecatalog/service/${serviceId}?edit=basics#basics`;
  if (kind === "mention") return `/servicecatalog/service/${serviceId}#comments`;
  if (kind === "review_due") return `/servicecatalog/service/${serviceId}#review`;
  return `/servicecatalog/service/${serviceId}`;
}
