import { sql, type Kysely } from "kysely";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createDb } from "~/server/db/db.server";
import type { Database } from "~/server/db/schema";
import { ENTITIES, type EntityDef, type EntityKey, type RecordValues } from "~/modules/basedata/entities";
import { recordSchema } from "~/modules/basedata/entity-schema";
import { isUniqueViolation } from "~/server/db-errors";
import { listActivitiesFor, type Causer } from "~/server/audit.server";
import { createBaseData, getBaseData, listBaseData, updateBaseData } from "~/modules/basedata/basedata.server";
import { DuplicateNameError, NotFoundError, StaleRecordError } from "~/server/errors.server";
import { factories } from "../../factories";
import { KEYS, SUBJECT, TABLE, rowOf as storedRow, sample } from "../../support/basedata";
import { anyDb } from "../../support/helpers";
import { useTestDb } from "../../support/test-db";

/** A field other than the name that each entity has, and a new value for it. */
const OTHER: Record<EntityKey, { field: string; value: string | string[] }> = {
  owner: { field: "representatives", value: ["Nina New"] },
  kpis: { field: "definition", value: "Changed definition" },
  provider: { field: "city", value: "Hamburg" },
  termdefinitions: { field: "definition", value: "Changed meaning" },
  tags: { field: "description", value: "Changed label" },
};

const t = useTestDb();
const make = factories(() => t.db);
let causer: Causer;

beforeAll(async () => {
  const user = await make.user("keyuser", { name: "Bea Basedata", email: "bea@basedata.test" });
  causer = { id: user.id, name: user.name };
});

afterEach(() => {
  vi.useRealTimers();
});

const raw = () => anyDb(t.db);

/** Another connection pool / SQLite handle to the same database, connected before the race starts. */
async function secondHandle() {
  const second = createDb(t.url);
  await sql`select 1`.execute(second);
  return second;
}

const rowOf = (key: EntityKey, id: number) => storedRow(t.db, key, id);

async function rowsNamed(key: EntityKey, name: string) {
  const def = ENTITIES[key];
  return raw()
    .selectFrom(TABLE[key])
    .selectAll()
    .where((eb) => eb(eb.fn("lower", [eb.ref(def.nameField)]), "=", name.toLowerCase()))
    .execute();
}

async function activities(key: EntityKey, id: number) {
  return (await listActivitiesFor(t.db, SUBJECT[key], id)).reverse();
}

async function repsOf(ownerId: number) {
  const rows = await t.db
    .selectFrom("owner_representatives")
    .select(["name", "position"])
    .where("owner_id", "=", ownerId)
    .orderBy("position")
    .execute();
  return rows;
}

/** The browser form of `values`: every field as a string, lists one per line. */
function asForm(def: EntityDef, values: RecordValues): Record<string, string> {
  return Object.fromEntries(
    def.fields.map((f) => {
      const v = values[f.name];
      return [f.name, Array.isArray(v) ? v.join("\n") : v ?? ""];
    })
  );
}

function validated(def: EntityDef, form: Record<string, string>): RecordValues {
  return recordSchema(def).parse(form) as RecordValues;
}

/** The stored values of the entity's fields, as getBaseData returns them. */
async function storedValues(key: EntityKey, id: number) {
  const row = await getBaseData(t.db, ENTITIES[key], id);
  if (!row) return undefined;
  return Object.fromEntries(ENTITIES[key].fields.map((f) => [f.name, row[f.name]]));
}

for (const key of KEYS) {
  const def = ENTITIES[key];
  const nameField = def.nameField;
  const n = (base: string) => `${base} ${key}`;

  describe(`${key}: unique ${nameField}`, () => {
    it("rejects a second record whose name differs only in case or surrounding spaces", async () => {
      const id = await createBaseData(t.db, def, validated(def, asForm(def, sample(key, n("Alpha")))), causer);
      expect(id).toBeGreaterThan(0);

      const spaced = validated(def, asForm(def, sample(key, `  ${n("alpha")}  `)));
      expect(spaced[nameField]).toBe(n("alpha"));
      await expect(createBaseData(t.db, def, spaced, causer)).rejects.toBeInstanceOf(DuplicateNameError);
      await expect(createBaseData(t.db, def, sample(key, n("ALPHA")), causer)).rejects.toBeInstanceOf(DuplicateNameError);
      await expect(createBaseData(t.db, def, sample(key, n("Alpha")), causer)).rejects.toMatchObject({ field: nameField });

      const rows = await rowsNamed(key, n("alpha"));
      expect(rows.map((r) => r[nameField])).toEqual([n("Alpha")]);
      // The failed attempts left no audit trail behind.
      expect((await activities(key, id)).map((a) => a.event)).toEqual(["created"]);
    });

    it("rejects renaming a record to another record's name in any case, and changes nothing", async () => {
      const taken = await createBaseData(t.db, def, sample(key, n("Taken")), causer);
      const other = await createBaseData(t.db, def, sample(key, n("Other")), causer);
      const before = await rowOf(key, other);

      for (const name of [n("Taken"), n("TAKEN"), n("taken")]) {
        await expect(updateBaseData(t.db, def, other, { [nameField]: name }, null, causer)).rejects.toBeInstanceOf(DuplicateNameError);
      }
      expect(await rowOf(key, other)).toEqual(before);
      expect((await rowOf(key, taken))?.[nameField]).toBe(n("Taken"));
      expect((await activities(key, other)).map((a) => a.event)).toEqual(["created"]);
    });

    it("allows renaming a record to a different case of its own name", async () => {
      const id = await createBaseData(t.db, def, sample(key, n("Casey")), causer);
      await updateBaseData(t.db, def, id, { [nameField]: n("CASEY") }, null, causer);
      expect((await rowOf(key, id))?.[nameField]).toBe(n("CASEY"));
      const [, updated] = await activities(key, id);
      expect(updated.event).toBe("updated");
      expect(JSON.parse(updated.old_values!)).toEqual({ [nameField]: n("Casey") });
      expect(JSON.parse(updated.new_values!)).toEqual({ [nameField]: n("CASEY") });
    });

    it("the lower-case unique index itself rejects a raw insert of a case variant", async () => {
      await createBaseData(t.db, def, sample(key, n("Indexed")), causer);
      let error: unknown;
      try {
        await raw()
          .insertInto(TABLE[key])
          .values({ [nameField]: n("INDEXED") })
          .execute();
      } catch (e) {
        error = e;
      }
      expect(error).toBeDefined();
      expect(isUniqueViolation(error)).toBe(true);
      expect(await rowsNamed(key, n("indexed"))).toHaveLength(1);
    });

    it("two concurrent creates of one name on two connections: one succeeds, the other gets DuplicateNameError", async () => {
      const second = await secondHandle();
      try {
        const results = await Promise.allSettled([
          createBaseData(t.db, def, sample(key, n("Racer")), causer),
          createBaseData(second, def, sample(key, n("RACER")), causer),
        ]);
        const fulfilled = results.filter((r) => r.status === "fulfilled");
        const rejected = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
        expect(fulfilled).toHaveLength(1);
        expect(rejected).toHaveLength(1);
        const reason: unknown = rejected[0].reason;
        expect(reason, `rejected with ${String(reason)} (${(reason as { code?: string })?.code ?? "no code"})`).toBeInstanceOf(
          DuplicateNameError
        );
        expect(await rowsNamed(key, n("racer"))).toHaveLength(1);
      } finally {
        await second.destroy();
      }
    });
  });

  describe(`${key}: create`, () => {
    it("stores the values and writes a 'created' activity with them", async () => {
      const values = sample(key, n("Audited"));
      const id = await createBaseData(t.db, def, values, causer);
      expect(await storedValues(key, id)).toEqual(values);

      const acts = await activities(key, id);
      expect(acts).toHaveLength(1);
      expect(acts[0]).toMatchObject({
        subject_type: SUBJECT[key],
        subject_id: String(id),
        event: "created",
        causer_id: causer.id,
        causer_name: causer.name,
        old_values: null,
      });
      expect(JSON.parse(acts[0].new_values!)).toEqual(values);
    });

    it("stores created_at and updated_at as equal ISO timestamps", async () => {
      const id = await createBaseData(t.db, def, sample(key, n("Stamped")), causer);
      const row = await rowOf(key, id);
      expect(row?.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(row?.created_at).toBe(row?.updated_at);
    });
  });

  describe(`${key}: update`, () => {
    const other = OTHER[key];

    it("writes and audits only the fields that changed", async () => {
      const values = sample(key, n("Changer"));
      const id = await createBaseData(t.db, def, values, causer);
      const before = await rowOf(key, id);

      await updateBaseData(t.db, def, id, { ...values, [other.field]: other.value }, before!.updated_at, causer);

      expect(await storedValues(key, id)).toEqual({ ...values, [other.field]: other.value });
      const after = await rowOf(key, id);
      expect(after!.updated_at > before!.updated_at).toBe(true);
      expect(after!.created_at).toBe(before!.created_at);

      const acts = await activities(key, id);
      expect(acts.map((a) => a.event)).toEqual(["created", "updated"]);
      expect(acts[1]).toMatchObject({ causer_id: causer.id, causer_name: causer.name });
      expect(JSON.parse(acts[1].old_values!)).toEqual({ [other.field]: values[other.field] });
      expect(JSON.parse(acts[1].new_values!)).toEqual({ [other.field]: other.value });
    });

    it("an update that changes nothing writes no activity and keeps updated_at", async () => {
      const values = sample(key, n("Noop"));
      const id = await createBaseData(t.db, def, values, causer);
      const before = await rowOf(key, id);

      await updateBaseData(t.db, def, id, { ...values }, before!.updated_at, causer);
      // The same values as the form sends them (trimmed and parsed again) are no change either.
      await updateBaseData(t.db, def, id, validated(def, asForm(def, values)), before!.updated_at, causer);

      expect(await rowOf(key, id)).toEqual(before);
      expect((await activities(key, id)).map((a) => a.event)).toEqual(["created"]);
    });

    it("a partial update (entry row) changes only the fields it carries", async () => {
      const values = sample(key, n("Partial"));
      const id = await createBaseData(t.db, def, values, causer);

      await updateBaseData(t.db, def, id, { [other.field]: other.value }, null, causer);
      expect(await storedValues(key, id)).toEqual({ ...values, [other.field]: other.value });

      await updateBaseData(t.db, def, id, { [nameField]: n("Partial renamed") }, null, causer);
      expect(await storedValues(key, id)).toEqual({ ...values, [other.field]: other.value, [nameField]: n("Partial renamed") });
    });

    it("a stale expectedUpdatedAt is refused with the current values and the differing fields; nothing is written", async () => {
      const values = sample(key, n("Stale"));
      const id = await createBaseData(t.db, def, values, causer);
      const loaded = (await rowOf(key, id))!.updated_at as string;

      // Someone else saves first.
      await updateBaseData(t.db, def, id, { ...values, [other.field]: other.value }, loaded, causer);
      const afterFirst = await rowOf(key, id);
      const activityCount = (await activities(key, id)).length;

      // The form loaded before that save is submitted now, with its own edit of the same field.
      const mine = key === "owner" ? ["Mine Only"] : "My own edit";
      let error: unknown;
      try {
        await updateBaseData(t.db, def, id, { ...values, [other.field]: mine }, loaded, causer);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(StaleRecordError);
      const stale = error as StaleRecordError;
      expect(stale.current[other.field]).toEqual(other.value);
      expect(stale.current[nameField]).toBe(values[nameField]);
      expect(stale.current.updated_at).toBe(afterFirst!.updated_at);
      expect(stale.changedFields).toEqual([other.field]);

      expect(await rowOf(key, id)).toEqual(afterFirst);
      expect(await storedValues(key, id)).toEqual({ ...values, [other.field]: other.value });
      expect(await activities(key, id)).toHaveLength(activityCount);
    });

    it("two saves in the same millisecond get strictly increasing updated_at, and the second is not stale", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date("2030-05-05T10:00:00.000Z"));
      const values = sample(key, n("Quick"));
      const id = await createBaseData(t.db, def, values, causer);
      const v0 = (await rowOf(key, id))!.updated_at as string;

      await updateBaseData(t.db, def, id, { [other.field]: other.value }, v0, causer);
      const v1 = (await rowOf(key, id))!.updated_at as string;
      await updateBaseData(t.db, def, id, { [nameField]: n("Quick again") }, v1, causer);
      const v2 = (await rowOf(key, id))!.updated_at as string;

      expect(v0).toBe("2030-05-05T10:00:00.000Z");
      expect(v1 > v0).toBe(true);
      expect(v2 > v1).toBe(true);
      expect(new Date(v2).toISOString()).toBe(v2);
      expect(await storedValues(key, id)).toEqual({ ...values, [other.field]: other.value, [nameField]: n("Quick again") });
    });

    it("an unknown id is NotFoundError", async () => {
      await expect(updateBaseData(t.db, def, 987654, { [nameField]: n("Ghost") }, null, causer)).rejects.toBeInstanceOf(NotFoundError);
      expect(await rowsNamed(key, n("Ghost"))).toHaveLength(0);
    });
  });
}

describe("concurrent saves of one loaded version", () => {
  const tags = ENTITIES.tags;

  /** Postgres only: how many sessions of this database wait for a lock right now. */
  async function lockWaiters(db: Kysely<Database>) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
    return rows[0].n;
  }

  it("one save wins and the other is refused as stale instead of silently overwriting it", async () => {
    const id = await createBaseData(t.db, tags, { name: "Lost update", description: "v0" }, causer);
    const loaded = (await rowOf("tags", id))!.updated_at as string;
    const second = await secondHandle();
    const third = await secondHandle();
    try {
      const postgres = t.url.startsWith("postgres");
      // On Postgres a third session holds the row lock until both saves have read the record and
      // wait, so the two saves really overlap (without it the first often finishes before the other starts).
      const blocker = postgres ? await third.startTransaction().execute() : undefined;
      if (blocker) await sql`select id from tags where id = ${id} for update`.execute(blocker);
      const racing = Promise.allSettled([
        updateBaseData(t.db, tags, id, { description: "from A" }, loaded, causer),
        updateBaseData(second, tags, id, { name: "Lost update B" }, loaded, causer),
      ]);
      if (blocker) {
        for (let i = 0; i < 300 && (await lockWaiters(third)) < 2; i++) await new Promise((r) => setTimeout(r, 10));
        await blocker.commit().execute();
      }
      const results = await racing;
      const rejected = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      expect(
        rejected.map((r) => String(r.reason)),
        "both saves were accepted: the second overwrote the first one's version"
      ).toHaveLength(1);
      expect(rejected[0].reason, String(rejected[0].reason)).toBeInstanceOf(StaleRecordError);
      expect((await activities("tags", id)).map((a) => a.event)).toEqual(["created", "updated"]);
    } finally {
      await second.destroy();
      await third.destroy();
    }
  });
});

describe("owner representatives", () => {
  const owner = ENTITIES.owner;

  it("are stored in the given order and replaced in the new order on update", async () => {
    const id = await createBaseData(t.db, owner, { name: "Reps Owner", representatives: ["A", "B"] }, causer);
    expect(await repsOf(id)).toEqual([
      { name: "A", position: 0 },
      { name: "B", position: 1 },
    ]);

    await updateBaseData(t.db, owner, id, { name: "Reps Owner", representatives: ["B", "C"] }, null, causer);
    expect((await repsOf(id)).map((r) => r.name)).toEqual(["B", "C"]);
    expect((await getBaseData(t.db, owner, id))?.representatives).toEqual(["B", "C"]);

    await updateBaseData(t.db, owner, id, { representatives: ["C", "B"] }, null, causer);
    expect((await getBaseData(t.db, owner, id))?.representatives).toEqual(["C", "B"]);

    const acts = await activities("owner", id);
    expect(acts.map((a) => a.event)).toEqual(["created", "updated", "updated"]);
    expect(JSON.parse(acts[0].new_values!)).toEqual({ name: "Reps Owner", representatives: ["A", "B"] });
    expect(JSON.parse(acts[1].old_values!)).toEqual({ representatives: ["A", "B"] });
    expect(JSON.parse(acts[1].new_values!)).toEqual({ representatives: ["B", "C"] });
    expect(JSON.parse(acts[2].new_values!)).toEqual({ representatives: ["C", "B"] });
  });

  it("an update without representatives keeps them; an empty list removes them", async () => {
    const id = await createBaseData(t.db, owner, { name: "Keep Reps", representatives: ["X", "Y"] }, causer);
    await updateBaseData(t.db, owner, id, { name: "Keep Reps renamed" }, null, causer);
    expect((await repsOf(id)).map((r) => r.name)).toEqual(["X", "Y"]);
    await updateBaseData(t.db, owner, id, { representatives: [] }, null, causer);
    expect(await repsOf(id)).toEqual([]);
    expect((await getBaseData(t.db, owner, id))?.representatives).toEqual([]);
  });

  it("the list shows each owner's own representatives, in order, for a page of owners", async () => {
    const expected: Record<string, string[]> = {
      "Listed 1": ["Ann", "Bob"],
      "Listed 2": [],
      "Listed 3": ["Cid"],
      "Listed 4": ["Dee", "Eve", "Fay"],
    };
    const ids: Record<string, number> = {};
    for (const [name, reps] of Object.entries(expected))
      ids[name] = await createBaseData(t.db, owner, { name, representatives: reps }, causer);
    // Reorder one owner after the others were created, so row ids and positions disagree.
    await updateBaseData(t.db, owner, ids["Listed 4"], { representatives: ["Fay", "Dee", "Eve"] }, null, causer);
    expected["Listed 4"] = ["Fay", "Dee", "Eve"];

    const list = await listBaseData(t.db, owner, { q: "listed" });
    expect(list.rows.map((r) => r.name)).toEqual(Object.keys(expected));
    expect(Object.fromEntries(list.rows.map((r) => [r.name, r.representatives]))).toEqual(expected);
  });
});
