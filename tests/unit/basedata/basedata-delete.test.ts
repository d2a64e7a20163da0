import { beforeAll, describe, expect, it } from "vitest";
import { ENTITIES, type EntityKey } from "~/modules/basedata/entities";
import { listActivitiesFor, type Causer } from "~/server/audit.server";
import { createBaseData, deleteBaseData, getBaseData } from "~/modules/basedata/basedata.server";
import { InUseError, NotFoundError } from "~/server/errors.server";
import { factories } from "../../factories";
import { KEYS, SUBJECT, USAGE, USED_KEYS, linkServices, rowOf as storedRow, sample, usingService } from "../../support/basedata";
import { anyDb } from "../../support/helpers";
import { useTestDb } from "../../support/test-db";

const t = useTestDb();
const make = factories(() => t.db);
let causer: Causer;

beforeAll(async () => {
  const user = await make.user("keyuser", { name: "Del Deleter", email: "del@delete.test" });
  causer = { id: user.id, name: user.name };
});

const rowOf = (key: EntityKey, id: number) => storedRow(t.db, key, id);
const service = (name: string, binned = false) => usingService(make, name, binned);
const link = (key: EntityKey, recordId: number, serviceIds: number[]) => linkServices(make, key, recordId, serviceIds);

async function linkedServiceIds(key: EntityKey, recordId: number) {
  const usage = USAGE[key]!;
  const rows = await anyDb(t.db).selectFrom(usage.table).select("service_id").where(usage.fk, "=", recordId).execute();
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
