import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CUSTOMER_DATA_FIELDS } from "~/modules/basedata/entities";
import { listActivitiesFor, type Causer } from "~/server/audit.server";
import { getCustomerData, saveCustomerData } from "~/modules/basedata/customer-data.server";
import { StaleRecordError } from "~/server/errors.server";
import { factories } from "../../factories";
import { useTestDb } from "../../support/test-db";

const EMPTY = { company: null, companyadditional: null, street: null, zipcode: null, city: null, country: null };
const ACME = {
  company: "ACME GmbH",
  companyadditional: "IT department",
  street: "Hauptstraße 5",
  zipcode: "10115",
  city: "Berlin",
  country: "Germany",
};

// Each test gets a fresh database: the customer data is a single row.
const t = useTestDb({ each: true });
let causer: Causer;

beforeEach(async () => {
  const user = await factories(t.db).user("keyuser", { name: "Cora Customer", email: "cora@customer.test" });
  causer = { id: user.id, name: user.name };
});

afterEach(async () => {
  vi.useRealTimers();
});

async function rows() {
  return t.db.selectFrom("customer_data").selectAll().execute();
}

async function activities() {
  return (await listActivitiesFor(t.db, "customer_data", 1)).reverse();
}

describe("customer data", () => {
  it("the fields are the six address fields", () => {
    expect(CUSTOMER_DATA_FIELDS.map((f) => f.name)).toEqual(Object.keys(EMPTY));
  });

  it("on a fresh database: all fields null and no version", async () => {
    expect(await getCustomerData(t.db)).toEqual({ ...EMPTY, updated_at: null });
    expect(await rows()).toEqual([]);
  });

  it("the first save creates row 1 and audits the values it set", async () => {
    await saveCustomerData(t.db, { ...EMPTY, company: "ACME GmbH", city: "Berlin" }, null, causer);

    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id: 1, ...EMPTY, company: "ACME GmbH", city: "Berlin" });
    const data = await getCustomerData(t.db);
    expect(data).toEqual({ ...EMPTY, company: "ACME GmbH", city: "Berlin", updated_at: stored[0].updated_at });
    expect(data.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const acts = await activities();
    expect(acts).toHaveLength(1);
    expect(acts[0]).toMatchObject({ subject_id: "1", event: "updated", causer_id: causer.id, causer_name: causer.name });
    expect(JSON.parse(acts[0].old_values!)).toEqual({ company: null, city: null });
    expect(JSON.parse(acts[0].new_values!)).toEqual({ company: "ACME GmbH", city: "Berlin" });
  });

  it("a second save with the version it loaded succeeds, gets a later version and audits only the changes", async () => {
    await saveCustomerData(t.db, ACME, null, causer);
    const first = await getCustomerData(t.db);

    await saveCustomerData(t.db, { ...ACME, city: "Hamburg", zipcode: null }, first.updated_at, causer);

    const second = await getCustomerData(t.db);
    expect(second).toMatchObject({ ...ACME, city: "Hamburg", zipcode: null });
    expect(second.updated_at! > first.updated_at!).toBe(true);
    expect(await rows()).toHaveLength(1);
    const acts = await activities();
    expect(acts).toHaveLength(2);
    expect(JSON.parse(acts[1].old_values!)).toEqual({ zipcode: "10115", city: "Berlin" });
    expect(JSON.parse(acts[1].new_values!)).toEqual({ zipcode: null, city: "Hamburg" });
  });

  it("a save with an old version is refused with the current values; nothing is written", async () => {
    await saveCustomerData(t.db, ACME, null, causer);
    const first = await getCustomerData(t.db);
    await saveCustomerData(t.db, { ...ACME, company: "ACME AG" }, first.updated_at, causer);
    const current = await getCustomerData(t.db);
    const rowBefore = await rows();

    let error: unknown;
    try {
      await saveCustomerData(t.db, { ...ACME, country: "Austria" }, first.updated_at, causer);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StaleRecordError);
    const stale = error as StaleRecordError;
    expect(stale.current).toEqual(current);
    expect(stale.changedFields).toEqual(expect.arrayContaining(["country"]));

    expect(await rows()).toEqual(rowBefore);
    expect(await activities()).toHaveLength(2);
  });

  it("a form loaded before the first save is stale once someone else has saved", async () => {
    await saveCustomerData(t.db, ACME, null, causer);
    const rowBefore = await rows();
    await expect(saveCustomerData(t.db, { ...EMPTY, company: "Other Corp" }, null, causer)).rejects.toBeInstanceOf(StaleRecordError);
    expect(await rows()).toEqual(rowBefore);
  });

  it("saving unchanged values writes nothing and keeps the version", async () => {
    await saveCustomerData(t.db, ACME, null, causer);
    const before = await rows();
    await saveCustomerData(t.db, { ...ACME }, before[0].updated_at, causer);
    expect(await rows()).toEqual(before);
    expect(await activities()).toHaveLength(1);
  });

  it("two saves in the same millisecond still get different versions", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-02-02T08:00:00.000Z"));
    await saveCustomerData(t.db, ACME, null, causer);
    const v1 = (await getCustomerData(t.db)).updated_at!;
    await saveCustomerData(t.db, { ...ACME, city: "Köln" }, v1, causer);
    const v2 = (await getCustomerData(t.db)).updated_at!;
    expect(v2 > v1).toBe(true);
    // The form loaded at v1 is now stale even though the clock did not move.
    await expect(saveCustomerData(t.db, { ...ACME, city: "Bonn" }, v1, causer)).rejects.toBeInstanceOf(StaleRecordError);
    expect((await getCustomerData(t.db)).city).toBe("Köln");
  });
});
