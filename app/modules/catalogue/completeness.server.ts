import { sql, type RawBuilder, type SqlBool } from "kysely";
import { COMPLETENESS_FIELDS, type CompletenessField } from "./completeness";

/**
 * "Filled" per completeness field as SQL over `services as s` (1 or 0), the same on SQLite and
 * Postgres. The reports sum these, and the browser's `missing` filter tests them, so a report's
 * figure and the list it links to cannot disagree.
 *
 * A text field is filled when it holds more than empty markup: an emptied editor stores "<p></p>"
 * (or "<p><br></p>"). Values longer than SHORT bytes are filled without looking inside them, so
 * the long rich texts are not read character by character.
 */
const SHORT = 64;
const EMPTY_MARKUP = ["<p>", "</p>", "<br>", "<br/>", "<br />", "&nbsp;", "\u00a0", "\n", "\r", "\t"];

function textFilled(column: string): RawBuilder<number> {
  const ref = sql.ref(`s.${column}`);
  const stripped = EMPTY_MARKUP.reduce<RawBuilder<unknown>>((inner, token) => sql`replace(${inner}, ${token}, '')`, sql`${ref}`);
  return sql<number>`(case when ${ref} is null then 0 when octet_length(${ref}) > ${SHORT} then 1 when trim(${stripped}) = '' then 0 else 1 end)`;
}

const RELATIONS = {
  owner: "service_owners",
  provider: "service_providers",
  kpi: "service_kpis",
  tag: "service_tags",
} as const;

function relationFilled(table: (typeof RELATIONS)[keyof typeof RELATIONS]): RawBuilder<number> {
  return sql<number>`(case when exists (select 1 from ${sql.table(table)} r where r.service_id = s.id) then 1 else 0 end)`;
}

/** 1 when the service has the field filled, else 0. */
export function filledExpression(field: CompletenessField): RawBuilder<number> {
  if (field === "category") return sql<number>`(case when s.category_id is not null then 1 else 0 end)`;
  if (field in RELATIONS) return relationFilled(RELATIONS[field as keyof typeof RELATIONS]);
  return textFilled(field);
}

/** The browser's "missing" filter: the field is not filled (for relations as `not exists`, which planners treat best). */
export function missingCondition(field: CompletenessField): RawBuilder<SqlBool> {
  if (field === "category") return sql<SqlBool>`s.category_id is null`;
  if (field in RELATIONS) return sql<SqlBool>`not exists (select 1 from ${sql.table(RELATIONS[field as keyof typeof RELATIONS])} r where r.service_id = s.id)`;
  return sql<SqlBool>`${textFilled(field)} = 0`;
}

/** How many of the fields the service has filled (0 … COMPLETENESS_FIELDS.length). */
export function filledCountExpression(): RawBuilder<number> {
  return sql<number>`(${sql.join(
    COMPLETENESS_FIELDS.map((f) => filledExpression(f)),
    sql` + `,
  )})`;
}
