import type { Role } from "~/modules/access/roles";
import { addOption, addResponsibility } from "~/modules/service/service-children.server";
import { createService, updateServiceRichText } from "~/modules/service/service.server";
import type { Causer, Executor } from "~/server/audit.server";
import { inTransaction } from "~/server/db-helpers.server";
import { NotFoundError, ValidationError } from "~/server/errors.server";
import { VALUE_TYPES, type GeneratedService, type ItemKey, type Proposal } from "./ai";
import { replaceProposal, type StoredProposal } from "./drafts.server";
import { itemKeys, itemsOf, withoutItems } from "./proposal";

/**
 * Accepting what the assistant generated goes through the service's normal saves (issue 19 §3):
 * `updateServiceRichText` for a value, `addOption` / `addResponsibility` for new items — each
 * sanitises, checks the version, reopens an approved service and writes its audit activity. All
 * accepted items of one click are one transaction: the first save checks that the service is
 * still the version the proposal was generated for (else StaleRecordError, nothing written);
 * the proposal then remembers the new version, so the next item can be accepted.
 */

type Editor = Causer & { role: Role };

/** Accepts these items (unknown keys are ignored); returns what is left of the proposal (null: nothing). */
export async function acceptItems(db: Executor, serviceId: number, stored: StoredProposal, keys: readonly ItemKey[], editor: Editor): Promise<Proposal | null> {
  const items = itemsOf(stored.proposal, keys);
  if (!items.length) return stored.proposal;
  return inTransaction(db, async (trx) => {
    // Only the first save compares versions: the later ones run in the same transaction.
    let expected: string | null = stored.basedOn;
    const next = () => {
      const value = expected;
      expected = null;
      return value;
    };
    for (const item of items) {
      if (item.kind === "value") await updateServiceRichText(trx, serviceId, item.type, item.value.new_value ?? "", next(), editor);
      else if (item.kind === "option")
        await addOption(trx, serviceId, next(), { name: item.option.name, description: item.option.description, art_nr: item.option.art_nr, costs: item.option.costs }, editor);
      else await addResponsibility(trx, serviceId, next(), { description: item.responsibility.description, client: item.responsibility.client === 1, it: item.responsibility.it === 1 }, editor);
    }
    const service = await trx.selectFrom("services").select("updated_at").where("id", "=", serviceId).executeTakeFirst();
    if (!service) throw new NotFoundError("service");
    const accepted = items.map((i) => (i.kind === "value" ? i.type : i.kind === "option" ? `options:${i.option.id}` : `responsibilities:${i.responsibility.id}`));
    const remaining = withoutItems(stored.proposal, accepted);
    await replaceProposal(trx, stored.id, remaining, service.updated_at);
    return remaining;
  });
}

/** Discards these items (all of them: `keys` = itemKeys); nothing of the service changes. */
export async function discardItems(db: Executor, stored: StoredProposal, keys: readonly ItemKey[]): Promise<Proposal | null> {
  const known = keys.filter((k) => itemKeys(stored.proposal).includes(k));
  if (!known.length) return stored.proposal;
  const remaining = withoutItems(stored.proposal, known);
  await replaceProposal(db, stored.id, remaining);
  return remaining;
}

// ---------------------------------------------------------------------------------- new services

/**
 * A generated service stored with its properties (spec 02 §7 store-with-properties): created in
 * the catalogue (without a category), then each part through its normal save, in one transaction.
 */
export async function createServiceWithProperties(db: Executor, catalogueId: number, service: GeneratedService, editor: Editor): Promise<number> {
  return inTransaction(db, async (trx) => {
    const id = await createService(trx, { name: service.name, catalogueId }, editor);
    for (const type of VALUE_TYPES) if (service[type]) await updateServiceRichText(trx, id, type, service[type]!, null, editor);
    for (const option of service.options) await addOption(trx, id, null, { name: option.name, description: option.description, costs: 0 }, editor);
    for (const r of service.responsibilities) await addResponsibility(trx, id, null, { description: r.description, client: false, it: false }, editor);
    return id;
  });
}

export interface BatchResult {
  created: { id: number; name: string }[];
  /** Indexes (in the given list) of the services that could not be created. */
  failed: number[];
}

/** Spec 02 §5: selected responses created as services in one batch into a target catalogue (required). */
export async function createAiServices(db: Executor, catalogueId: number, services: readonly GeneratedService[], editor: Editor): Promise<BatchResult> {
  const catalogue = await db.selectFrom("service_catalogues").select("id").where("id", "=", catalogueId).executeTakeFirst();
  if (!catalogue) throw new ValidationError({ catalogue: "ai.batch.catalogueRequired" });
  const result: BatchResult = { created: [], failed: [] };
  for (const [index, service] of services.entries()) {
    try {
      result.created.push({ id: await createServiceWithProperties(db, catalogueId, service, editor), name: service.name });
    } catch (error) {
      console.error(error);
      result.failed.push(index);
    }
  }
  return result;
}
