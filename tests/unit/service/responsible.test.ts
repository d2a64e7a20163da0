import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { responsiblePeople, responsibleUsersSql, setOwnerUsers, setResponsibleUsers } from "~/modules/service/responsible.server";
import { listActivitiesFor } from "~/server/audit.server";
import { StaleRecordError, ValidationError } from "~/server/errors.server";
import { factories, unique } from "../../factories";
import { rejection } from "../../support/rejection";
import { useTestDb } from "../../support/test-db";

// Responsible people (issue 36 §3, decision 0076): accounts a service names and accounts its
// owners name as representatives — one concept. Runs on SQLite and (DATABASE_URL=postgres://…) Postgres.

const t = useTestDb();
const make = factories(() => t.db);
let catalogueId: number;
let categoryId: number;
const people: Record<"anna" | "ben" | "carla" | "client", { id: number; name: string }> = {} as never;

const version = async (id: number) => (await t.db.selectFrom("services").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow()).updated_at;

beforeAll(async () => {
  for (const [key, role, name] of [["anna", "user", "Anna Verantwortlich"], ["ben", "keyuser", "Ben Vertretung"], ["carla", "user", "Carla Beides"], ["client", "client", "Kunde Kai"]] as const) {
    const u = await make.user(role, { name, email: `${key}@responsible.test` });
    people[key] = { id: u.id, name: u.name };
  }
  catalogueId = await make.catalogue({ title: unique("Verantwortung") });
  categoryId = await make.category(catalogueId, { name: unique("Kategorie") });
});

describe("responsible people", () => {
  it("are the accounts a service names and those its owners name, each once, with the owners they stand for", async () => {
    const owner = await make.owner({ name: "Owner Netz" });
    const id = await make.service(catalogueId, categoryId, { name: unique("Service"), owners: [owner] });
    await setResponsibleUsers(t.db, id, [people.anna.id, people.carla.id], await version(id), people.ben);
    expect(await setOwnerUsers(t.db, owner, [people.ben.id, people.carla.id], people.ben)).toBe(true);
    expect(await setOwnerUsers(t.db, owner, [people.carla.id, people.ben.id], people.ben)).toBe(false);

    expect(await responsiblePeople(t.db, id)).toEqual([
      { id: people.anna.id, name: people.anna.name, direct: true, via: [] },
      { id: people.ben.id, name: people.ben.name, direct: false, via: ["Owner Netz"] },
      { id: people.carla.id, name: people.carla.name, direct: true, via: ["Owner Netz"] },
    ]);
    const { rows } = await sql<{ user_id: number }>`select x.user_id from ${responsibleUsersSql} x where x.service_id = ${id} order by x.user_id`.execute(t.db);
    expect(rows.map((r) => r.user_id)).toEqual([people.anna.id, people.ben.id, people.carla.id].sort((a, b) => a - b));

    const events = await listActivitiesFor(t.db, "service", id);
    expect(events.map((e) => [e.description, JSON.parse(e.new_values!)])).toEqual([["people", { responsible_users: [people.anna.name, people.carla.name] }]]);
    const ownerEvents = await listActivitiesFor(t.db, "owner", owner);
    expect(JSON.parse(ownerEvents[0].new_values!)).toEqual({ representative_users: [people.ben.name, people.carla.name] });
  });

  it("refuses a customer account or an unknown one, and a stale form; saving the same again keeps the version", async () => {
    const id = await make.service(catalogueId, categoryId, { name: unique("Service") });
    expect(await rejection(setResponsibleUsers(t.db, id, [people.client.id], await version(id), people.ben))).toBeInstanceOf(ValidationError);
    expect(await rejection(setResponsibleUsers(t.db, id, [999_999], await version(id), people.ben))).toBeInstanceOf(ValidationError);
    expect(await rejection(setResponsibleUsers(t.db, id, [people.anna.id], "2000-01-01T00:00:00.000Z", people.ben))).toBeInstanceOf(StaleRecordError);
    expect(await responsiblePeople(t.db, id)).toEqual([]);
    await setResponsibleUsers(t.db, id, [people.anna.id], await version(id), people.ben);
    const before = await version(id);
    await setResponsibleUsers(t.db, id, [people.anna.id], before, people.ben);
    expect(await version(id)).toBe(before);
  });
});
