import { addMonthsIso } from "~/lib/months";

/**
 * The review cadence (issue 36 §1, docs/decisions/0074-review-cadence.md): a service is due for
 * review `interval` months after its last review (its creation when never reviewed); the interval
 * is the service's own or its catalogue's; 0 means no regular review. "Due" is the heads-up window
 * before the date, "overdue" the time after it.
 */
export const DUE_SOON_DAYS = 30;
export const REVIEW_STATES = ["due", "overdue"] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
export const MAX_REVIEW_INTERVAL = 120;

export function effectiveInterval(own: number | null, catalogue: number): number {
  return own ?? catalogue;
}

/** The next review's date, or null without a regular review. */
export function nextReviewAt(service: { last_reviewed_at: string | null; created_at: string }, interval: number): string | null {
  return interval > 0 ? addMonthsIso(service.last_reviewed_at ?? service.created_at, interval) : null;
}

/** "overdue" after the date, "due" within DUE_SOON_DAYS before it, else null. */
export function reviewState(next: string | null, now = new Date()): ReviewState | null {
  if (!next) return null;
  const at = new Date(next).getTime();
  if (at < now.getTime()) return "overdue";
  return at < dueSoonLimit(now).getTime() ? "due" : null;
}

export function dueSoonLimit(now = new Date()): Date {
  return new Date(now.getTime() + DUE_SOON_DAYS * 24 * 60 * 60 * 1000);
}

/** What the service page says about a service's reviews. */
export interface ReviewInfo {
  lastReviewedAt: string | null;
  lastReviewedBy: string | null;
  /** The service's own interval; null: the catalogue's. */
  own: number | null;
  catalogue: number;
  next: string | null;
  state: ReviewState | null;
}
