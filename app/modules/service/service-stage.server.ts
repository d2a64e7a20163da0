import { nowIso } from "~/lib/time";
import { recordActivity, type Causer, type Executor } from "~/server/audit.server";
import { inTransaction } from "~/server/db-helpers.server";
import { ValidationError } from "~/server/errors.server";
import type { ServiceStage, StageInfo } from "./service-stage";
import { touchService, keepVersion } from "./service-version.server";

/** Retiring a service that live services still require: they are shown first, and the user confirms. */
export class RequiredByOthersError extends Error {
  constructor(readonly services: { id: number; name: string }[]) {
    super("required by others");
  }
}

export interface StageInput {
  stage: ServiceStage;
  /** YYYY-MM-DD; retiring without a day retires it today. Ignored unless retired. */
  retired_at: string | null;
  successor_id: number | null;
  /** The user has seen who still requires the service and retires it anyway. */
  confirm: boolean;
}

/** Live, not binned services that require `serviceId`. */
export async function requiredByLive(db: Executor, serviceId: number) {
  return db
    .selectFrom("service_dependencies as d")
    .innerJoin("services as s", "s.id", "d.service_id")
    .select(["s.id", "s.name"])
    .where("d.required_service_id", "=", serviceId)
    .where("s.deleted_at", "is", null)
    .where("s.stage", "!=", "retired")
    .orderBy("s.name")
    .execute();
}

/**
 * Sets the stage (issue 36 §2). Not a content change: an approval stays. A retired service keeps
 * its day and successor; back in pipeline or live both are cleared. The successor must be another
 * service that is not binned.
 */
export async function setServiceStage(db: Executor, id: number, input: StageInput, expectedUpdatedAt: string | null, causer: Causer) {
  return inTransaction(db, async (trx) => {
    const { before } = await touchService(trx, id, expectedUpdatedAt, causer);
    const retired = input.stage === "retired";
    if (retired && input.successor_id !== null) {
      const successor = await trx.selectFrom("services").select("id").where("id", "=", input.successor_id).where("deleted_at", "is", null).executeTakeFirst();
      if (!successor || input.successor_id === id) throw new ValidationError({ successor_id: "service.stage.errors.successor" });
    }
    if (retired && before.stage !== "retired" && !input.confirm) {
      const dependents = await requiredByLive(trx, id);
      if (dependents.length) throw new RequiredByOthersError(dependents);
    }
    const values = {
      stage: input.stage,
      retired_at: retired ? (input.retired_at ?? nowIso().slice(0, 10)) : null,
      successor_id: retired ? input.successor_id : null,
    };
    const changed = (Object.keys(values) as (keyof typeof values)[]).filter((key) => before[key] !== values[key]);
    if (!changed.length) return keepVersion(trx, id, before);
    await trx.updateTable("services").set(values).where("id", "=", id).execute();
    await recordActivity(trx, {
      subjectType: "service",
      subjectId: id,
      event: "updated",
      causer,
      oldValues: Object.fromEntries(changed.map((key) => [key, before[key]])),
      newValues: Object.fromEntries(changed.map((key) => [key, values[key]])),
      description: "stage",
    });
  });
}

/** The stage as the service page shows it: the day a retired service stopped and its successor (if not binned). */
export async function stageInfo(db: Executor, service: { stage: ServiceStage; retired_at: string | null; successor_id: number | null }): Promise<StageInfo> {
  const successor = service.successor_id
    ? ((await db.selectFrom("services").select(["id", "name"]).where("id", "=", service.successor_id).where("deleted_at", "is", null).executeTakeFirst()) ?? null)
    : null;
  return { stage: service.stage, retiredAt: service.retired_at, successor };
}
