/**
 * The service's fields as the page groups them (spec 01 §3): names only, no zod, so the service
 * page and the mask form show them without loading the form schemas (decision 0063).
 */

/** A service's bookkeeping: its template link, the bin, who changed it when, and its last review — never content. */
export const SERVICE_BOOKKEEPING = ["factory_service_id", "deleted_at", "deleted_by", "created_at", "updated_at", "created_by", "updated_by", "last_reviewed_at", "last_reviewed_by"] as const;

/** Rich-text fields of a service (sanitised HTML). */
export const RICH_FIELDS = ["short_description", "description", "content", "advantages"] as const;
export type RichField = (typeof RICH_FIELDS)[number];

/** Plain text fields of the details section (spec 01 §3). */
export const DETAIL_TEXT_FIELDS = [
  "art_nr",
  "costs",
  "system",
  "user",
  "booking",
  "restriction",
  "cancelling",
  "delivery_time",
  "delivery_point",
  "reporting",
  "serviceprovidercontract",
  "serviceart",
  "plannedchanges",
] as const;
export const DETAIL_FLAG_FIELDS = ["customerspecific"] as const;

/** The details section's fields as a reader looks for them: ordering and delivery, the contract, costs and reporting. */
export const DETAIL_GROUPS = [
  { key: "ordering", texts: ["art_nr", "booking", "delivery_time", "delivery_point", "user", "system"], flags: [] },
  { key: "contract", texts: ["serviceprovidercontract", "serviceart", "restriction", "cancelling"], flags: ["customerspecific"] },
  { key: "costs", texts: ["costs", "reporting", "plannedchanges"], flags: [] },
] as const satisfies readonly { key: string; texts: readonly (typeof DETAIL_TEXT_FIELDS)[number][]; flags: readonly (typeof DETAIL_FLAG_FIELDS)[number][] }[];

export const PERSONAL_TEXT_FIELDS = ["personaldata", "processingpersonaldatalaw", "personaldatastorageduration", "personaldatatransfer"] as const;
export const PERSONAL_FLAG_FIELDS = ["processingpersonaldata", "processingsensitivpersonaldata"] as const;

/** Jump-to sections of the service page (spec 01 §2) with the service-headline position that titles each. */
export const JUMP_SECTIONS = [
  ["short_description", 1],
  ["description", 2],
  ["content", 3],
  ["advantages", 4],
  ["options", 5],
  ["attributes", 6],
  ["responsibilities", 7],
  ["dependencies", 8],
  ["cost", 9],
  ["tags", 10],
  ["links", 11],
] as const;

/** What a relation picker shows: the ticked records, a page of others (matching the search), and how many exist. */
export interface RelationChoices {
  ticked: { id: number; name: string }[];
  candidates: { id: number; name: string }[];
  total: number;
}
