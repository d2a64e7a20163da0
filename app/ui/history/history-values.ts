import type { TFunction } from "i18next";
import { formatDateTime } from "~/lib/dates";
import { markupToText } from "~/lib/markup";

export { markupToText };

/**
 * How a change history shows a stored value (spec 01 §3, issue 12 "readable history"): labels
 * in the reader's language, never a column name; flags as Ja/Nein; money as money; dates in the
 * day.month.year form; rich text as text, and a change of it as a word diff. Client-safe and
 * shared by every history (service, base data, the dashboard, the coming logs).
 */

/** Bookkeeping a reader does not need: ids, timestamps, list positions, the picture's type. */
const HIDDEN = new Set(["id", "created_at", "updated_at", "pos", "position", "service_id", "picture_mime"]);
const FLAGS = new Set(["client", "it", "servicechangeplanned", "customerspecific", "processingpersonaldata", "processingsensitivpersonaldata", "active", "word_export", "azure_user"]);
const MONEY = new Set(["costs"]);
/** Long texts whose change is easier read as a word diff. */
const TEXTS = new Set(["short_description", "description", "content", "advantages", "definition", "details", "text", "plannedchanges"]);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const MARKUP = /<\/?[a-z][^>]*>/i;

export const isShownField = (key: string) => !HIDDEN.has(key);

/**
 * The field's label: the history's own (short, without a form's hints such as an upload's size
 * limit), else the screen's, else the shared field labels; undefined when none.
 */
export function historyLabel(t: TFunction, exists: (key: string) => boolean, key: string, own?: (key: string) => string | undefined): string | undefined {
  if (exists(`history.fields.${key}`)) return t(`history.fields.${key}`);
  const mine = own?.(key);
  if (mine) return mine;
  return exists(`fields.${key}`) ? t(`fields.${key}`) : undefined;
}

export function formatMoney(value: number, language: string): string {
  return new Intl.NumberFormat(language === "en" ? "en-GB" : "de-DE", { style: "currency", currency: "EUR" }).format(value);
}

/** One value as text in the reader's language; "—" for nothing. */
export function historyValue(key: string, value: unknown, t: TFunction, language: string): string {
  if (value == null || value === "") return "—";
  if (FLAGS.has(key) || typeof value === "boolean") {
    const on = value === true || value === 1 || value === "1" || value === "true";
    return t(on ? "history.yes" : "history.no");
  }
  if (MONEY.has(key) && Number.isFinite(Number(value))) return formatMoney(Number(value), language);
  if (key === "status" && typeof value === "string") return t(`catalogue.status.${value}`, { defaultValue: value });
  if (key === "stage" && typeof value === "string") return t(`catalogue.stages.${value}`, { defaultValue: value });
  if (key === "servicetype" && typeof value === "string") return t(`catalogue.type.${value}`, { defaultValue: value });
  if (key === "role" && typeof value === "string") return t(`roles.${value}`, { defaultValue: value });
  if (Array.isArray(value)) return value.map((v) => historyValue(key, v, t, language)).join(", ") || "—";
  if (typeof value === "object") return Object.values(value as Record<string, unknown>).map(String).join(", ") || "—";
  if (typeof value === "string" && ISO_DATE.test(value)) return formatDateTime(value, language) || value;
  if (typeof value === "string" && MARKUP.test(value)) return markupToText(value) || "—";
  return String(value);
}

export type DiffPart = { text: string; change?: "added" | "removed" };

/** Whether a field's change reads better as a word diff than as before/after (a long or formatted text). */
export function diffableTexts(key: string, before: unknown, after: unknown): [string, string] | null {
  const text = (v: unknown) => (typeof v === "string" ? (MARKUP.test(v) ? markupToText(v) : v) : v == null ? "" : null);
  const a = text(before);
  const b = text(after);
  if (a === null || b === null || !a || !b) return null;
  if (!TEXTS.has(key) && !MARKUP.test(String(before)) && !MARKUP.test(String(after))) return null;
  return [a, b];
}

/** The stored values of one audit activity (JSON text, as the activities table holds them). */
export interface ActivityValues {
  old_values: string | null;
  new_values: string | null;
  /** The word diffs of its long texts, by field, computed on the server (history-diff.server.ts). */
  diffs?: Record<string, DiffPart[]>;
}

/** An activity's stored JSON as an object; {} for nothing or anything malformed. */
export function parseValues(json: string | null): Record<string, unknown> {
  if (!json) return {};
  try {
    const value = JSON.parse(json);
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

/** The fields an activity changed that a reader cares about (ids, timestamps and positions left out). */
export function changedFields(activity: ActivityValues): string[] {
  return [...new Set([...Object.keys(parseValues(activity.old_values)), ...Object.keys(parseValues(activity.new_values))])].filter(isShownField);
}
