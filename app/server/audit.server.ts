import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/server/db/schema";
import { nowIso } from "~/lib/time";

export type Executor = Kysely<Database> | Transaction<Database>;

export interface Causer {
  id: number;
  name: string;
}

export interface ActivityInput {
  subjectType: string;
  subjectId?: string | number | null;
  event: string;
  causer?: Causer | null;
  oldValues?: Record<string, unknown> | null;
  newValues?: Record<string, unknown> | null;
  description?: string | null;
}

// Never store secrets in the audit trail, whatever a caller passes.
const REDACTED_KEYS = new Set(["password", "password_hash", "token", "token_hash", "two_factor_secret"]);

function scrub(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrub);
  if (value && typeof value === "object") {
    const clean: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) clean[key] = REDACTED_KEYS.has(key) ? "[redacted]" : scrub(inner);
    return clean;
  }
  return value;
}

function redact(values: Record<string, unknown> | null | undefined): string | null {
  return values ? JSON.stringify(scrub(values)) : null;
}

/** Records one audit activity; pass the transaction of the write it describes. */
export async function recordActivity(db: Executor, input: ActivityInput): Promise<void> {
  await db
    .insertInto("activities")
    .values({
      subject_type: input.subjectType,
      subject_id: input.subjectId == null ? null : String(input.subjectId),
      event: input.event,
      causer_id: input.causer?.id ?? null,
      causer_name: input.causer?.name ?? null,
      old_values: redact(input.oldValues),
      new_values: redact(input.newValues),
      description: input.description ?? null,
      created_at: nowIso(),
    })
    .execute();
}

export async function listActivitiesFor(db: Executor, subjectType: string, subjectId: string | number) {
  return db
    .selectFrom("activities")
    .selectAll()
    .where("subject_type", "=", subjectType)
    .where("subject_id", "=", String(subjectId))
    .orderBy("id", "desc")
    .execute();
}

/** Fields whose stored value is the id of another record; the history shows that record's name. */
const REFERENCES = {
  category_id: "service_categories",
  service_catalogue_id: "service_catalogues",
  service_area_id: "service_areas",
  required_service_id: "services",
  trashed_with: "services",
  deleted_by: "users",
} as const;
type ReferenceTable = (typeof REFERENCES)[keyof typeof REFERENCES];

function parseValues(json: string | null): Record<string, unknown> {
  try {
    const value = json ? JSON.parse(json) : null;
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

/**
 * A record's history and the names of the records its changes point to ("category_id:12" →
 * "Arbeitsplatz"), in one query per kind of record; a record deleted since has no name here.
 */
export async function historyFor(db: Executor, subjectType: string, subjectId: string | number) {
  const activities = await listActivitiesFor(db, subjectType, subjectId);
  return { activities, names: await referencedNames(db, activities) };
}

/** The names of the records these activities' changes point to, keyed "field:id" (history tabs, the logs' detail page). */
export async function referencedNames(db: Executor, activities: { old_values: string | null; new_values: string | null }[]) {
  const wanted = new Map<ReferenceTable, Set<number>>();
  for (const activity of activities) {
    for (const values of [parseValues(activity.old_values), parseValues(activity.new_values)]) {
      for (const [key, table] of Object.entries(REFERENCES)) {
        const id = Number(values[key]);
        if (Number.isSafeInteger(id) && id > 0) wanted.set(table, (wanted.get(table) ?? new Set()).add(id));
      }
    }
  }
  const names: Record<string, string> = {};
  await Promise.all(
    [...wanted].map(async ([table, ids]) => {
      const column = table === "service_catalogues" ? "title" : "name";
      const rows = await db
        .selectFrom(table)
        .select(["id", `${column} as name` as "name"])
        .where("id", "in", [...ids])
        .execute();
      for (const row of rows as { id: number; name: string | null }[]) {
        for (const [key, t] of Object.entries(REFERENCES)) if (t === table && row.name) names[`${key}:${row.id}`] = row.name;
      }
    }),
  );
  return names;
}
