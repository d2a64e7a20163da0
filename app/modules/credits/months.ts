import { berlinLocalToIso, isoToBerlinLocal } from "~/modules/systeminfo/rules";

/**
 * Calendar months in Berlin time (spec 02 §9: times follow central European time): the monthly
 * contingent starts afresh at midnight on the 1st in Berlin, and usage is shown per such month.
 * Stored timestamps are ISO UTC strings, so a month is the ISO range [start, next start).
 */

export interface Month {
  /** "2026-03" */
  key: string;
  year: number;
  /** 1–12 */
  month: number;
  /** ISO UTC instant of 1st 00:00 Berlin time. */
  start: string;
  /** ISO UTC instant the next month starts. */
  end: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

function monthAt(year: number, month: number): Month {
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  // Midnight on the 1st always exists in Berlin (clocks change on Sundays at 2 or 3 o'clock).
  const start = berlinLocalToIso(`${year}-${pad(month)}-01T00:00`)!;
  const end = berlinLocalToIso(`${next.year}-${pad(next.month)}-01T00:00`)!;
  return { key: `${year}-${pad(month)}`, year, month, start, end };
}

/** The Berlin month this instant falls in. */
export function monthOf(now: Date = new Date()): Month {
  const local = isoToBerlinLocal(now.toISOString());
  return monthAt(Number(local.slice(0, 4)), Number(local.slice(5, 7)));
}

/** The last `count` months up to and including the current one, oldest first. */
export function lastMonths(count: number, now: Date = new Date()): Month[] {
  const current = monthOf(now);
  const months: Month[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const index = current.year * 12 + (current.month - 1) - back;
    months.push(monthAt(Math.floor(index / 12), (index % 12) + 1));
  }
  return months;
}

/** The same instant `months` calendar months later (UTC calendar; the 31st becomes the month's last day). */
export function addMonths(iso: string, months: number): string {
  const date = new Date(iso);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date.toISOString();
}
