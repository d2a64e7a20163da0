/** Timestamps are stored as ISO-8601 UTC text on SQLite and Postgres alike. */
export function nowIso(): string {
  return new Date().toISOString();
}

export function isoIn(ms: number, from: Date = new Date()): string {
  return new Date(from.getTime() + ms).toISOString();
}

export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;
