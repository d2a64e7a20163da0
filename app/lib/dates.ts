/**
 * Date display helpers (spec 01 §9: "Dates are formatted day.month.year"; in English with the
 * month's name, issue 32 §8).
 *
 * Times follow central European time (spec 01 §9), so formatting always uses
 * Europe/Berlin — independent of the server's or browser's own time zone.
 * That also keeps server-rendered and hydrated markup identical.
 */

export const DISPLAY_TIME_ZONE = "Europe/Berlin";

/**
 * SQLite's CURRENT_TIMESTAMP / datetime('now') yields "YYYY-MM-DD HH:MM:SS"
 * in UTC but without a zone marker; JavaScript would read that as *local*
 * time. We treat such zone-less date-times as UTC.
 */
const ZONELESS_DATETIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/;

/** Parses the accepted inputs into a valid Date, or null. */
export function toDate(value: string | Date | null | undefined): Date | null {
  if (value == null) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const text = value.trim();
  if (text === "") return null;
  const zoneless = ZONELESS_DATETIME.exec(text);
  const date = new Date(zoneless ? `${zoneless[1]}T${zoneless[2]}Z` : text);
  return Number.isNaN(date.getTime()) ? null : date;
}

// Created once, on first use: an Intl formatter with a time zone is comparatively expensive to
// construct (a noticeable part of loading the page's scripts on a phone when built at import).
let partsFormat: Intl.DateTimeFormat | undefined;
/** Day, month, year, hour and minute in Berlin time, as parts (one shared formatter). */
export function berlinPartsFormat() {
  partsFormat ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: DISPLAY_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    // h23, not hour12:false — the latter prints midnight as "24" in some engines.
    hourCycle: "h23",
  });
  return partsFormat;
}

type Parts = Readonly<Record<"day" | "month" | "year" | "hour" | "minute", string>>;

// formatToParts is slow next to everything else on a list page (two calls per row): the parts of
// recently formatted minutes are kept, a bounded memo (the parts depend only on the minute).
const recentParts = new Map<number, Parts>();

function berlinParts(date: Date): Parts {
  const minute = Math.floor(date.getTime() / 60_000);
  const known = recentParts.get(minute);
  if (known) return known;
  const parts = { day: "", month: "", year: "", hour: "", minute: "" };
  for (const part of berlinPartsFormat().formatToParts(date)) {
    if (part.type in parts) parts[part.type as keyof typeof parts] = part.value;
  }
  parts.year = parts.year.padStart(4, "0");
  if (recentParts.size >= 2048) recentParts.clear();
  recentParts.set(minute, parts);
  return parts;
}

/** English months, written out here: Node's and the browser's ICU may abbreviate differently, and server and hydrated markup must agree. */
const MONTHS_EN = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * The date in Berlin time in the reader's language, day before month before year as the spec asks:
 * German `28.11.2026`, English `28 Nov 2026` (a reader of English does not read 28.11. as a date
 * at once, and 11/28 or 28/11 is ambiguous between the US and the UK); "" for empty or invalid input.
 */
export function formatDate(value: string | Date | null | undefined, language = "de"): string {
  const date = toDate(value);
  if (!date) return "";
  const p = berlinParts(date);
  return language.startsWith("en") ? `${Number(p.day)} ${MONTHS_EN[Number(p.month) - 1]} ${p.year}` : `${p.day}.${p.month}.${p.year}`;
}

/** The date as `formatDate` and the time (24-hour, Berlin): `28.11.2026 14:05`, `28 Nov 2026, 14:05`. */
export function formatDateTime(value: string | Date | null | undefined, language = "de"): string {
  const date = toDate(value);
  if (!date) return "";
  const p = berlinParts(date);
  return `${formatDate(date, language)}${language.startsWith("en") ? "," : ""} ${p.hour}:${p.minute}`;
}
