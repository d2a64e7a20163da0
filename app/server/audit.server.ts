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
