import type { Transaction } from "kysely";
import type { Database } from "~/server/db/schema";
import type { Causer } from "../../server/audit.server";
import { nextTimestamp } from "../../server/db-helpers.server";
import { NotFoundError, StaleRecordError } from "../../server/errors.server";

/**
 * Every write to a service or one of its children goes through here, inside the write's
 * transaction: it checks that the form was loaded from the current version (else nothing is
 * written and StaleRecordError carries the current row), bumps the version with a
 * compare-and-set, and — for content changes — returns an approved service to "open".
 * Returns the service row as it was before.
 */
export async function touchService(
  trx: Transaction<Database>,
  serviceId: number,
  expectedUpdatedAt: string | null,
  causer: Causer,
  opts: { reopen?: boolean; allowDeleted?: boolean } = {},
) {
  const current = await trx
    .selectFrom("services")
    .selectAll()
    .where("id", "=", serviceId)
    .$if(!opts.allowDeleted, (qb) => qb.where("deleted_at", "is", null))
    .executeTakeFirst();
  if (!current) throw new NotFoundError("service");
  if (expectedUpdatedAt !== null && current.updated_at !== expectedUpdatedAt) throw new StaleRecordError(current, []);
  const reopen = opts.reopen && current.status === "closed";
  const result = await trx
    .updateTable("services")
    .set({ updated_at: nextTimestamp(current.updated_at), updated_by: causer.id, ...(reopen ? { status: "open" as const } : {}) })
    .where("id", "=", serviceId)
    .where("updated_at", "=", current.updated_at)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    const latest = await trx.selectFrom("services").selectAll().where("id", "=", serviceId).executeTakeFirstOrThrow();
    throw new StaleRecordError(latest, []);
  }
  return { before: current, reopened: Boolean(reopen) };
}

/**
 * A save that turned out to change nothing (issue 32 §9): the version and the last editor go back
 * to what they were, so "Zuletzt geändert" does not move, no activity is written and a form still
 * open elsewhere stays current. Called inside the transaction `touchService` opened.
 */
export async function keepVersion(trx: Transaction<Database>, serviceId: number, before: { updated_at: string; updated_by: number | null }) {
  await trx.updateTable("services").set({ updated_at: before.updated_at, updated_by: before.updated_by }).where("id", "=", serviceId).execute();
}

/** A status change to merge into a save's activity: empty, or approved → "open". */
export interface StatusChange {
  oldValues: { status?: string };
  newValues: { status?: string };
}

/**
 * The approval a content change takes back (decision 0009, issue 32 §3): an approved service
 * returns to "open". Called once the save knows it changes something, so a save that changes
 * nothing keeps the approval; the returned change goes into that save's own activity, so the
 * History shows the status change in the entry of the save that caused it.
 */
export async function reopenIfApproved(trx: Transaction<Database>, serviceId: number, before: { status: string }): Promise<StatusChange> {
  if (before.status !== "closed") return { oldValues: {}, newValues: {} };
  await trx.updateTable("services").set({ status: "open" }).where("id", "=", serviceId).execute();
  return { oldValues: { status: before.status }, newValues: { status: "open" } };
}
