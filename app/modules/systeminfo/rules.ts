import { berlinPartsFormat } from "~/lib/dates";

/**
 * The rules of version, patch notes and system messages (spec 01 §2, §4, §5), client-safe and
 * pure: the server, the dialogs and the unit tests use the same functions.
 */

/** A patch note as the dialog and the JSON endpoints show it. */
export interface PatchNote {
  id: number;
  headline: string;
  /** Sanitised HTML. */
  text: string;
  version: string | null;
  /** As entered, e.g. "2026-11-20 10:00". */
  patch_date: string | null;
}

/** The current system message; `key` tells this instance's messages from the system host's apart. */
export interface SystemMessage {
  key: string;
  headline: string;
  /** Sanitised HTML. */
  text: string;
}

/** Spec 01 §2: the date shown is the part of patch_date before the first space. */
export function patchDay(patchDate: string | null | undefined): string {
  if (!patchDate) return "";
  const trimmed = patchDate.trim();
  const space = trimmed.indexOf(" ");
  return space < 0 ? trimmed : trimmed.slice(0, space);
}

/** Spec 01 §5: a message shows only while its expiration date is set and not in the past. */
export function isMessageActive(expirationDate: string | null | undefined, now: Date = new Date()): boolean {
  if (!expirationDate) return false;
  const expires = Date.parse(expirationDate);
  return !Number.isNaN(expires) && expires >= now.getTime();
}

/** Newest first: by patch_date (a note without one last), then the later id. */
export function comparePatchNotes(a: Pick<PatchNote, "id" | "patch_date">, b: Pick<PatchNote, "id" | "patch_date">): number {
  const da = a.patch_date ?? "";
  const db = b.patch_date ?? "";
  if (da !== db) {
    if (!da) return 1;
    if (!db) return -1;
    return da < db ? 1 : -1;
  }
  return b.id - a.id;
}

/** Spec 01 §4: Previous only above index 0, Next only below the last index. */
export function pagerOf(index: number, total: number) {
  const at = total === 0 ? 0 : Math.min(Math.max(index, 0), total - 1);
  return { index: at, hasPrevious: at > 0, hasNext: at < total - 1, counter: total === 0 ? "" : `${at + 1} / ${total}` };
}

export const localMessageKey = (id: number) => `local:${id}`;

// ------------------------------------------------------------------ Berlin time (datetime-local)

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})$/;


function berlin(date: Date) {
  const p: Record<string, string> = {};
  for (const part of berlinPartsFormat().formatToParts(date)) p[part.type] = part.value;
  return { year: p.year.padStart(4, "0"), month: p.month, day: p.day, hour: p.hour, minute: p.minute };
}

/** How far Berlin's wall clock is ahead of UTC at this instant, in ms. */
function berlinOffset(ms: number): number {
  const p = berlin(new Date(ms));
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
  return wall - Math.floor(ms / 60_000) * 60_000;
}

/**
 * A datetime-local value ("2026-11-20T10:00"), read as Berlin time (spec 01 §9), as an ISO UTC
 * string — what the database compares with now. Null for anything else, or a wall-clock time the
 * spring switch to summer time skips.
 */
export function berlinLocalToIso(local: string): string | null {
  const m = LOCAL.exec(local.trim());
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (new Date(wall).getUTCDate() !== day) return null;
  // Two passes settle the offset on either side of a daylight-saving switch.
  let utc = wall - berlinOffset(wall);
  utc = wall - berlinOffset(utc);
  const back = berlin(new Date(utc));
  if (Number(back.hour) !== hour || Number(back.minute) !== minute) return null;
  return new Date(utc).toISOString();
}

/** An ISO instant as the datetime-local value of Berlin time ("" when there is none). */
export function isoToBerlinLocal(iso: string | null | undefined): string {
  if (!iso) return "";
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return "";
  const p = berlin(new Date(ms));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** A patch date as stored ("2026-11-20 10:00") from the form's datetime-local value, and back. */
export const patchDateOf = (local: string) => local.trim().replace("T", " ");
export const patchDateInput = (stored: string | null | undefined) => (stored && LOCAL.test(stored.trim()) ? stored.trim().replace(" ", "T") : "");
