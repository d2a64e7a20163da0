import { sql } from "kysely";
import { recordActivity, type Causer, type Executor } from "~/server/audit.server";
import { inTransaction } from "~/server/db-helpers.server";
import { ValidationError } from "~/server/errors.server";
import { PEOPLE_CHOICES_MAX, type ResponsiblePerson } from "./responsible";
import { keepVersion, touchService } from "./service-version.server";

/**
 * Pairs (service_id, user_id) of every service's responsible people: named by the service, or as
 * representatives of one of its owners. The one place that says who is responsible.
 */
export const responsibleUsersSql = sql<{ service_id: number; user_id: number }>`(
  select r.service_id, r.user_id from service_responsible_users r
  union
  select so.service_id, ou.user_id from service_owners so join owner_users ou on ou.owner_id = so.owner_id
)`;

/** A service's responsible people, by name. */
export async function responsiblePeople(db: Executor, serviceId: number): Promise<ResponsiblePerson[]> {
  const [direct, viaOwners] = await Promise.all([
    db.selectFrom("service_responsible_users as r").innerJoin("users as u", "u.id", "r.user_id").select(["u.id", "u.name"]).where("r.service_id", "=", serviceId).execute(),
    db
      .selectFrom("service_owners as so")
      .innerJoin("owner_users as ou", "ou.owner_id", "so.owner_id")
      .innerJoin("owners as o", "o.id", "so.owner_id")
      .innerJoin("users as u", "u.id", "ou.user_id")
      .select(["u.id", "u.name", "o.name as owner"])
      .where("so.service_id", "=", serviceId)
      .orderBy("o.name")
      .execute(),
  ]);
  const people = new Map<number, ResponsiblePerson>();
  for (const u of direct) people.set(u.id, { id: u.id, name: u.name, direct: true, via: [] });
  for (const u of viaOwners) {
    const person = people.get(u.id) ?? { id: u.id, name: u.name, direct: false, via: [] };
    person.via.push(u.owner);
    people.set(u.id, person);
  }
  return [...people.values()].sort((a, b) => a.name.localeCompare(b.name, "de"));
}

/** The user accounts that can be named responsible: everyone who may edit services (not customers). */
export async function responsibleChoices(db: Executor) {
  return db.selectFrom("users").select(["id", "name", "email"]).where("role", "!=", "client").orderBy("name").orderBy("id").limit(PEOPLE_CHOICES_MAX).execute();
}

async function validUsers(db: Executor, userIds: number[]) {
  const unique = [...new Set(userIds)];
  if (!unique.length) return [];
  const found = await db.selectFrom("users").select(["id", "name"]).where("id", "in", unique).where("role", "!=", "client").execute();
  if (found.length !== unique.length) throw new ValidationError({ users: "validation.invalidChoice" });
  return found.sort((a, b) => a.id - b.id);
}

/** Names the service's own responsible people (the owners' representatives come on top). Not a content change. */
export async function setResponsibleUsers(db: Executor, serviceId: number, userIds: number[], expectedUpdatedAt: string | null, causer: Causer) {
  return inTransaction(db, async (trx) => {
    const { before } = await touchService(trx, serviceId, expectedUpdatedAt, causer);
    const users = await validUsers(trx, userIds);
    const current = await trx.selectFrom("service_responsible_users as r").innerJoin("users as u", "u.id", "r.user_id").select(["u.id", "u.name"]).where("r.service_id", "=", serviceId).orderBy("u.id").execute();
    if (current.map((u) => u.id).join() === users.map((u) => u.id).join()) return keepVersion(trx, serviceId, before);
    await trx.deleteFrom("service_responsible_users").where("service_id", "=", serviceId).execute();
    if (users.length) await trx.insertInto("service_responsible_users").values(users.map((u) => ({ service_id: serviceId, user_id: u.id }))).execute();
    await recordActivity(trx, {
      subjectType: "service",
      subjectId: serviceId,
      event: "updated",
      causer,
      oldValues: { responsible_users: current.map((u) => u.name) },
      newValues: { responsible_users: users.map((u) => u.name) },
      description: "people",
    });
  });
}

/** The user accounts an owner names as representatives. */
export async function ownerUsers(db: Executor, ownerId: number) {
  return db.selectFrom("owner_users as ou").innerJoin("users as u", "u.id", "ou.user_id").select(["u.id", "u.name"]).where("ou.owner_id", "=", ownerId).orderBy("u.name").execute();
}

/** Names an owner's representatives among the user accounts; an activity of the owner. */
export async function setOwnerUsers(db: Executor, ownerId: number, userIds: number[], causer: Causer): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const users = await validUsers(trx, userIds);
    const current = await trx.selectFrom("owner_users as ou").innerJoin("users as u", "u.id", "ou.user_id").select(["u.id", "u.name"]).where("ou.owner_id", "=", ownerId).orderBy("u.id").execute();
    if (current.map((u) => u.id).join() === users.map((u) => u.id).join()) return false;
    await trx.deleteFrom("owner_users").where("owner_id", "=", ownerId).execute();
    if (users.length) await trx.insertInto("owner_users").values(users.map((u) => ({ owner_id: ownerId, user_id: u.id }))).execute();
    await recordActivity(trx, {
      subjectType: "owner",
      subjectId: ownerId,
      event: "updated",
      causer,
      oldValues: { representative_users: current.map((u) => u.name) },
      newValues: { representative_users: users.map((u) => u.name) },
    });
    return true;
  });
}
