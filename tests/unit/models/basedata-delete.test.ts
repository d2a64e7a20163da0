import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENTITIES, type EntityKey, type RecordValues } from "~/modules/basedata/entities";
import { listActivitiesFor, type Causer } from "~/server/audit.server";
import { createBaseData, deleteBaseData, getBaseData } from "~/modules/basedata/basedata.server";
import { InUseError, NotFoundError } from "~/server/errors.server";
import { createTestDb, type TestDb } from "../../support/test-db";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const KEYS = Object.keys(ENTITIES) as EntityKey[];
const TABLE: Record<EntityKey, string> = {
  owner: "owners",
  kpis: "kpis",
  provider: "providers",
  termdefinitions: "term_definitions",
  tags: "tags",
};
const SUBJECT: Record<EntityKey, string> = {
  owner: "owner",
  kpis: "kpi",
  provider: "provider",
  termdefinitions: "term_definition",
  tags: "tag",
};
const USAGE: Partial<Record<EntityKey, { table: string; fk: string }>> = {
  owner: { table: "service_owners", fk: "owner_id" },
  kpis: { table: "service_kpis", fk: "kpi_id" },
  provider: { table: "service_providers", fk: "provider_id" },
  tags: { table: "service_tags", fk: "tag_id" },
};
const USED_KEYS = Object.keys(USAGE) as EntityKey[];

function sample(key: EntityKey, name: string): RecordValues {
  switch (key) {
    case "owner":
      return { name, representatives: ["Rita Rep", "Sam Second"] };
    case "kpis":
      return { name, definition: "Availability", calculation: "up / total", measuring_points: "Monitoring" };
    case "provider":
      return {
        name,
        description: "Hosting partner",
        street: "Main Street 1",
        zipcode: "12345",
        city: "Berlin",
        country: "Germany",
        contact_person: "Pat",
        email_contact: "pat@provider.example",
        website_link: "https://provider.example",
        company_profile: null,
      };
    case "termdefinitions":
      return { term: name, definition: "Meaning", link: null };
    case "tags":
      return { name, description: "A label" };
  }
}

let t: TestDb;
let causer: Causer;

beforeAll(async () => {
  t = await createTestDb();
  const user = await t.db
    .insertInto("users")
    .values({ name: "Del Deleter", email: "del@delete.test", password_hash: null, role: "keyuser" })
    .returning("id")
    .executeTakeFirstOrThrow();
  causer = { id: user.id, name: "Del Deleter" };
});

afterAll(async () => {
  await t?.cleanup();
});

const raw = () => t.db as unknown as AnyDb;

async function rowOf(key: EntityKey, id: number) {
  return raw().selectFrom(TABLE[key]).selectAll().where("id", "=", id).executeTakeFirst();
}

async function service(name: string, binned = false) {
  const row = await t.db
    .insertInto("services")
    .values({ name, deleted_at: binned ? "2030-01-01T00:00:00.000Z" : null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function link(key: EntityKey, recordId: number, serviceIds: number[]) {
  const usage = USAGE[key]!;
  await raw()
    .insertInto(usage.table)
    .values(serviceIds.map((service_id) => ({ service_id, [usage.fk]: recordId })))
    .execute();
}

async function linkedServiceIds(key: EntityKey, recordId: number) {
  const usage = USAGE[key]!;
  const rows = await raw().selectFrom(usage.table).select("service_id").where(usage.fk, "=", recordId).execute();
  return rows.map((r) => Number(r.service_id)).sort((a, b) => a - b);
}

async function servicesExist(ids: number[]) {
  const rows = await t.db.selectFrom("services").select("id").where("id", "in", ids).execute();
  return rows.length;
}

async function events(key: EntityKey, id: number) {
  return (await listActivitiesFor(t.db, SUBJECT[key], id)).reverse();
}

for (const key of KEYS) {
  const def = ENTITIES[key];
  const n = (base: string) => `${base} ${key}`;

  describe(`${key}: delete`, () => {
    it("deletes an unused record and audits its old values", async () => {
      const values = sample(key, n("Unused"));
      const id = await createBaseData(t.db, def, values, causer);
      const before = await getBaseData(t.db, def, id);

      await deleteBaseData(t.db, def, id, causer, false);

      expect(await rowOf(key, id)).toBeUndefined();
      expect(await getBaseData(t.db, def, id)).toBeUndefined();
      const acts = await events(key, id);
      expect(acts.map((a) => a.event)).toEqual(["created", "deleted"]);
      expect(acts[1]).toMatchObject({ causer_id: causer.id, causer_name: causer.name, new_values: null });
      const old = JSON.parse(acts[1].old_values!);
      expect(old).toMatchObject({ ...values, id, created_at: before!.created_at, updated_at: before!.updated_at });
      if (def.hasUsage) expect(old.used_by_service_ids).toEqual([]);
      expect(old).not.toHaveProperty("usage_count");
    });

    it("an unknown id is NotFoundError and writes no activity", async () => {
      await expect(deleteBaseData(t.db, def, 987654, causer, true)).rejects.toBeInstanceOf(NotFoundError);
      expect(await listActivitiesFor(t.db, SUBJECT[key], 987654)).toEqual([]);
    });
  });
}

describe("owner: delete", () => {
  it("removes the owner's representatives with it", async () => {
    const id = await createBaseData(t.db, ENTITIES.owner, { name: "Owner with reps", representatives: ["A", "B"] }, causer);
    await deleteBaseData(t.db, ENTITIES.owner, id, causer, false);
    const reps = await t.db.selectFrom("owner_representatives").select("name").where("owner_id", "=", id).execute();
    expect(reps).toEqual([]);
    const [, deleted] = await events("owner", id);
    expect(JSON.parse(deleted.old_values!).representatives).toEqual(["A", "B"]);
  });
});

for (const key of USED_KEYS) {
  const def = ENTITIES[key];
  const n = (base: string) => `${base} ${key}`;

  describe(`${key}: delete while in use`, () => {
    it("without confirmation: InUseError with the first 20 services and the total; nothing changes", async () => {
      const id = await createBaseData(t.db, def, sample(key, n("Busy")), causer);
      const services: { id: number; name: string }[] = [];
      for (let i = 1; i <= 22; i++) {
        const name = `Busy user ${key} ${String(i).padStart(2, "0")}`;
        services.push({ id: await service(name), name });
      }
      const binned = await service(`Busy user ${key} 00 binned`, true);
      await link(key, id, [...services.map((s) => s.id), binned]);
      const before = await rowOf(key, id);
      const linksBefore = await linkedServiceIds(key, id);

      let error: unknown;
      try {
        await deleteBaseData(t.db, def, id, causer, false);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(InUseError);
      const inUse = error as InUseError;
      expect(inUse.total).toBe(22);
      expect(inUse.services).toEqual(services.slice(0, 20));

      expect(await rowOf(key, id)).toEqual(before);
      expect(await linkedServiceIds(key, id)).toEqual(linksBefore);
      expect(linksBefore).toHaveLength(23);
      expect((await events(key, id)).map((a) => a.event)).toEqual(["created"]);
      if (key === "owner") {
        expect((await getBaseData(t.db, def, id))?.representatives).toEqual(["Rita Rep", "Sam Second"]);
      }
    });

    it("with confirmation: the record and its links are gone, the services remain, the audit keeps who used it", async () => {
      const values = sample(key, n("Confirmed"));
      const id = await createBaseData(t.db, def, values, causer);
      const users = [await service(`Confirmed user ${key} 1`), await service(`Confirmed user ${key} 2`)];
      await link(key, id, users);
      // Another record's links are not touched.
      const neighbour = await createBaseData(t.db, def, sample(key, n("Neighbour")), causer);
      await link(key, neighbour, [users[0]]);

      await deleteBaseData(t.db, def, id, causer, true);

      expect(await rowOf(key, id)).toBeUndefined();
      expect(await linkedServiceIds(key, id)).toEqual([]);
      expect(await servicesExist(users)).toBe(2);
      expect(await linkedServiceIds(key, neighbour)).toEqual([users[0]]);
      if (key === "owner") {
        const reps = await t.db.selectFrom("owner_representatives").select("id").where("owner_id", "=", id).execute();
        expect(reps).toEqual([]);
      }

      const acts = await events(key, id);
      expect(acts.map((a) => a.event)).toEqual(["created", "deleted"]);
      const old = JSON.parse(acts[1].old_values!);
      expect(old).toMatchObject(values);
      expect([...old.used_by_service_ids].sort((a: number, b: number) => a - b)).toEqual([...users].sort((a, b) => a - b));
    });
  });
}
