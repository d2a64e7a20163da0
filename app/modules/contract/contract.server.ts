import { z } from "zod";
import { recordActivity, type Causer, type Executor } from "~/server/audit.server";
import { inTransaction } from "~/server/db-helpers.server";
import { ValidationError } from "~/server/errors.server";
import { nowIso } from "~/lib/time";
import { UNKNOWN_STATUS, type ContractStatus } from "./contract";
import { AcceptContractSchema } from "./contract-schema";

/**
 * The contract status (issue 16 §4): one global row of the `settings` table, key "contract",
 * holding who accepted the agreement for the organisation and when. Accepting is a one-time act:
 * the first acceptance stays, a second one is refused.
 */

export const CONTRACT_KEY = "contract";

const StoredAcceptance = z.object({
  accepted_by: z.string().min(1),
  accepted_at: z.string().min(1),
  user_id: z.number().int().nullable(),
});
export type ContractAcceptance = z.infer<typeof StoredAcceptance>;

/** The contract was accepted before; the first acceptance stays. */
export class ContractAlreadyAcceptedError extends Error {
  constructor(readonly acceptance: ContractAcceptance) {
    super("contract already accepted");
  }
}

/** A stored value that is not an acceptance (hand-edited, truncated): the status is unknown. */
function parseAcceptance(raw: string): ContractAcceptance | null {
  try {
    const parsed = StoredAcceptance.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function statusOf(acceptance: ContractAcceptance): ContractStatus {
  return { accepted: true, acceptedBy: acceptance.accepted_by, acceptedAt: acceptance.accepted_at };
}

/** The status as stored; throws when it cannot be read (database error, unreadable record). */
export async function readContractStatus(db: Executor): Promise<ContractStatus> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", CONTRACT_KEY).executeTakeFirst();
  if (!row) return { accepted: false, acceptedBy: null, acceptedAt: null };
  const acceptance = parseAcceptance(row.value);
  if (!acceptance) throw new Error(`settings row "${CONTRACT_KEY}" is not a contract acceptance`);
  return statusOf(acceptance);
}

/** The status for the page: a failed read is logged and shown as unknown (spec 01 §8), never an error page. */
export async function contractStatusOrUnknown(db: Executor): Promise<ContractStatus> {
  try {
    return await readContractStatus(db);
  } catch (error) {
    console.error("contract status could not be read", error);
    return { ...UNKNOWN_STATUS };
  }
}

/**
 * Accepts the contract in the name typed by the acting user. The insert itself decides who was
 * first (the key is unique), so two simultaneous acceptances cannot both win. An unreadable record
 * (status unknown) is replaced, its raw value kept in the audit trail.
 */
export async function acceptContract(db: Executor, name: unknown, causer: Causer): Promise<ContractStatus> {
  const input = AcceptContractSchema.safeParse({ name: typeof name === "string" ? name : undefined });
  if (!input.success) throw new ValidationError({ name: input.error.issues[0]?.message ?? "contract.errors.nameRequired" });
  const acceptance: ContractAcceptance = { accepted_by: input.data.name, accepted_at: nowIso(), user_id: causer.id };
  const value = JSON.stringify(acceptance);
  return inTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto("settings")
      .values({ key: CONTRACT_KEY, value, updated_at: acceptance.accepted_at })
      .onConflict((oc) => oc.column("key").doNothing())
      .executeTakeFirst();
    let oldValues: Record<string, unknown> | null = null;
    if (!Number(inserted.numInsertedOrUpdatedRows ?? 0)) {
      const row = await trx.selectFrom("settings").select("value").where("key", "=", CONTRACT_KEY).executeTakeFirstOrThrow();
      const existing = parseAcceptance(row.value);
      if (existing) throw new ContractAlreadyAcceptedError(existing);
      await trx.updateTable("settings").set({ value, updated_at: acceptance.accepted_at }).where("key", "=", CONTRACT_KEY).execute();
      oldValues = { value: row.value };
    }
    await recordActivity(trx, { subjectType: "contract", event: "contract_accepted", causer, oldValues, newValues: acceptance });
    return statusOf(acceptance);
  });
}
