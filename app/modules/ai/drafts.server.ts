import { z } from "zod";
import { nowIso } from "~/lib/time";
import type { Executor } from "~/server/audit.server";
import { inTransaction } from "~/server/db-helpers.server";
import type { GeneratedService, Proposal } from "./ai";

/**
 * What the assistant generated and the user has not yet accepted or discarded, kept on the server
 * for the session that asked (table ai_drafts, migration 0019): one proposal per service (the diff
 * on the service page), and generated new services (the create flow's responses without JS; with
 * JS the browser keeps those itself). Only the session that made a draft reads or changes it.
 */

export interface DraftOwner {
  sessionId: string;
  userId: number;
}

// ------------------------------------------------------------------------------------ proposals

export interface StoredProposal {
  id: number;
  proposal: Proposal;
  /** The service version the proposal was generated for (or last accepted into). */
  basedOn: string;
}

const generatedValue = z.object({ value: z.string().nullable(), new_value: z.string().nullable(), changed: z.enum(["no", "changed", "generated", "deleted"]) });
const proposalSchema = z.object({
  values: z.object({ short_description: generatedValue.optional(), description: generatedValue.optional(), content: generatedValue.optional(), advantages: generatedValue.optional() }),
  options: z.array(z.object({ id: z.string(), name: z.string(), description: z.string().nullable(), art_nr: z.string().nullable(), costs: z.number(), changed: z.literal("created") })),
  responsibilities: z.array(z.object({ id: z.string(), description: z.string(), client: z.number(), it: z.number(), pos: z.number(), changed: z.literal("created") })),
});

function readJson<T>(raw: string, schema: z.ZodType<T>): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The session's pending proposal for a service; null when there is none (or it cannot be read). */
export async function findProposal(db: Executor, owner: DraftOwner, serviceId: number): Promise<StoredProposal | null> {
  const row = await db
    .selectFrom("ai_drafts")
    .select(["id", "payload", "based_on"])
    .where("session_id", "=", owner.sessionId)
    .where("user_id", "=", owner.userId)
    .where("kind", "=", "proposal")
    .where("service_id", "=", serviceId)
    .orderBy("id", "desc")
    .executeTakeFirst();
  const proposal = row ? readJson(row.payload, proposalSchema) : null;
  return row && proposal ? { id: row.id, proposal: proposal as Proposal, basedOn: row.based_on ?? "" } : null;
}

/** Keeps a new proposal for the service, replacing the session's earlier one. */
export async function saveProposal(db: Executor, owner: DraftOwner, serviceId: number, proposal: Proposal, basedOn: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom("ai_drafts").where("session_id", "=", owner.sessionId).where("kind", "=", "proposal").where("service_id", "=", serviceId).execute();
    await trx
      .insertInto("ai_drafts")
      .values({ session_id: owner.sessionId, user_id: owner.userId, kind: "proposal", service_id: serviceId, payload: JSON.stringify(proposal), based_on: basedOn, created_at: nowIso() })
      .execute();
  });
}

/** What is left of a proposal after accepting or discarding items; null removes it. */
export async function replaceProposal(db: Executor, id: number, proposal: Proposal | null, basedOn?: string): Promise<void> {
  if (!proposal) {
    await db.deleteFrom("ai_drafts").where("id", "=", id).execute();
    return;
  }
  await db
    .updateTable("ai_drafts")
    .set({ payload: JSON.stringify(proposal), ...(basedOn ? { based_on: basedOn } : {}) })
    .where("id", "=", id)
    .execute();
}

// ------------------------------------------------------------------------------------ responses

/** A generated new service as it travels (from the browser's `aiResponses` or the server's drafts): bounded, HTML sanitised on save. */
export const generatedServiceSchema = z.object({
  name: z.string().trim().min(1).max(255),
  short_description: z.string().max(100_000).nullable(),
  description: z.string().max(100_000).nullable(),
  content: z.string().max(100_000).nullable(),
  advantages: z.string().max(100_000).nullable(),
  options: z.array(z.object({ name: z.string().trim().min(1).max(255), description: z.string().max(100_000).nullable() })).max(50),
  responsibilities: z.array(z.object({ description: z.string().trim().min(1).max(2000) })).max(50),
}) satisfies z.ZodType<GeneratedService>;

export interface StoredResponse {
  id: number;
  requestedName: string;
  delay: number;
  service: GeneratedService;
}

export async function addResponse(db: Executor, owner: DraftOwner, input: { requestedName: string; delay: number; service: GeneratedService }): Promise<number> {
  const { id } = await db
    .insertInto("ai_drafts")
    .values({
      session_id: owner.sessionId,
      user_id: owner.userId,
      kind: "response",
      requested_name: input.requestedName,
      delay: input.delay,
      payload: JSON.stringify(input.service),
      created_at: nowIso(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** The session's responses, oldest first; one that cannot be read (no service) is left out. */
export async function listResponses(db: Executor, owner: DraftOwner, ids?: number[]): Promise<StoredResponse[]> {
  if (ids && !ids.length) return [];
  const rows = await db
    .selectFrom("ai_drafts")
    .select(["id", "requested_name", "delay", "payload"])
    .where("session_id", "=", owner.sessionId)
    .where("user_id", "=", owner.userId)
    .where("kind", "=", "response")
    .$if(ids !== undefined, (qb) => qb.where("id", "in", ids!))
    .orderBy("id")
    .execute();
  return rows.flatMap((row) => {
    const service = readJson(row.payload, generatedServiceSchema);
    return service ? [{ id: row.id, requestedName: row.requested_name ?? service.name, delay: Number(row.delay), service }] : [];
  });
}

export async function removeResponses(db: Executor, owner: DraftOwner, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.deleteFrom("ai_drafts").where("session_id", "=", owner.sessionId).where("kind", "=", "response").where("id", "in", ids).execute();
}
