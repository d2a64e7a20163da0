/**
 * What makes a service description complete (docs/decisions/0035-sla-and-reports.md) — the one
 * list. The reports count the share of these fields a service has filled, and the catalogue
 * browser's "missing" filter takes the same keys (`?missing=description`), so every figure of a
 * report opens exactly its services in the browser. Client-safe; the SQL that decides "filled"
 * is in completeness.server.ts.
 */
export const COMPLETENESS_FIELDS = [
  "category",
  "short_description",
  "description",
  "content",
  "advantages",
  "costs",
  "owner",
  "provider",
  "kpi",
  "tag",
] as const;

export type CompletenessField = (typeof COMPLETENESS_FIELDS)[number];

/** Text fields (rich text or plain) among them; the others are relations (category, base data). */
export const TEXT_FIELDS = ["short_description", "description", "content", "advantages", "costs"] as const satisfies readonly CompletenessField[];

/** A service's completeness in whole per cent, from the number of filled fields. */
export function completenessPercent(filled: number): number {
  return Math.round((filled / COMPLETENESS_FIELDS.length) * 100);
}
