/**
 * Calendar months added to an ISO-8601 UTC timestamp, the day kept within the target month
 * (31 January + 1 month = 28/29 February), as Postgres adds intervals. The SQL function
 * `add_months` is this on SQLite (app/server/db/db.server.ts) and its Postgres twin
 * (migrations/0027_review_cadence.ts), so the review cadence's dates agree in both databases.
 */
export function addMonthsIso(iso: string, months: number): string | null {
  const base = new Date(iso);
  if (Number.isNaN(base.getTime()) || !Number.isInteger(months)) return null;
  const first = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth() + months, 1, base.getUTCHours(), base.getUTCMinutes(), base.getUTCSeconds(), base.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(base.getUTCDate(), lastDay));
  return first.toISOString();
}
