import type { Insertable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/schema";
import { recordActivity } from "~/server/audit.server";
import { dashboardFigures } from "~/modules/dashboard/dashboard.server";
import { createTestDb, type TestDb } from "../../support/test-db";

// Runs on SQLite by default and on Postgres with DATABASE_URL=postgres://…

type ServiceValues = Partial<Insertable<Database["services"]>>;

let t: TestDb;
let causer: { id: number; name: string };
let cat: number;
let otherCat: number;
const s: Record<string, number> = {};

async function addCatalogue(title: string) {
  return (await t.db.insertInto("service_catalogues").values({ title }).returning("id").executeTakeFirstOrThrow()).id;
}
async function addService(catalogueId: number, name: string, values: ServiceValues = {}) {
  return (await t.db.insertInto("services").values({ service_catalogue_id: catalogueId, name, ...values }).returning("id").executeTakeFirstOrThrow()).id;
}
async function addOwner(name: string) {
  return (await t.db.insertInto("owners").values({ name }).returning("id").executeTakeFirstOrThrow()).id;
}
async function addKpi(name: string) {
  return (await t.db.insertInto("kpis").values({ name }).returning("id").executeTakeFirstOrThrow()).id;
}

const BINNED = "2025-01-01T00:00:00.000Z";

beforeAll(async () => {
  t = await createTestDb();
  const user = await t.db.insertInto("users").values({ name: "Dash", email: "dash@test.example", password_hash: null, role: "keyuser" }).returning("id").executeTakeFirstOrThrow();
  causer = { id: user.id, name: "Dash Board" };
  cat = await addCatalogue("Dashboard");
  otherCat = await addCatalogue("Anderer");
  const category = (await t.db.insertInto("service_categories").values({ service_catalogue_id: cat, name: "K" }).returning("id").executeTakeFirstOrThrow()).id;
  s.category = category;
  s.foreignCategory = (await t.db.insertInto("service_categories").values({ service_catalogue_id: otherCat, name: "F" }).returning("id").executeTakeFirstOrThrow()).id;
  s.open1 = await addService(cat, "Offen 1", { status: "open", servicetype: "customer", category_id: category });
  s.open2 = await addService(cat, "Offen 2", { status: "open", servicetype: "it" });
  s.checking = await addService(cat, "Prüfung", { status: "checking", servicetype: "it" });
  s.closed1 = await addService(cat, "Abgenommen 1", { status: "closed", servicetype: "customer" });
  s.closed2 = await addService(cat, "Abgenommen 2", { status: "closed", servicetype: "customer" });
  s.closed3 = await addService(cat, "Abgenommen 3", { status: "closed", servicetype: "customer" });
  // Not counted: binned, or in another catalogue.
  s.binned = await addService(cat, "Papierkorb", { status: "checking", servicetype: "it", deleted_at: BINNED });
  s.foreign = await addService(otherCat, "Fremd", { status: "open", servicetype: "it" });

  const o1 = await addOwner("Dash Owner 1");
  const o2 = await addOwner("Dash Owner 2");
  const k1 = await addKpi("Dash KPI 1");
  const k2 = await addKpi("Dash KPI 2");
  // With owner: open1 (two owners), closed1. With KPI: open1, checking (two KPIs), closed2.
  for (const [service_id, owner_id] of [
    [s.open1, o1],
    [s.open1, o2],
    [s.closed1, o1],
  ])
    await t.db.insertInto("service_owners").values({ service_id, owner_id }).execute();
  for (const [service_id, kpi_id] of [
    [s.open1, k1],
    [s.checking, k1],
    [s.checking, k2],
    [s.closed2, k2],
  ])
    await t.db.insertInto("service_kpis").values({ service_id, kpi_id }).execute();
});

afterAll(async () => {
  await t?.cleanup();
});

describe("dashboardFigures: counts", () => {
  it("counts the live services of the catalogue by status and by type", async () => {
    const f = await dashboardFigures(t.db, cat);
    expect(f.total).toBe(6);
    expect(f.byStatus).toEqual({ open: 2, checking: 1, closed: 3 });
    expect(f.byType).toEqual({ customer: 4, it: 2 });
  });

  it("counts services without owner and without KPI, each service once", async () => {
    const f = await dashboardFigures(t.db, cat);
    expect(f.withoutOwner).toBe(4); // open2, checking, closed2, closed3
    expect(f.withoutKpi).toBe(3); // open2, closed1, closed3
  });

  it("other catalogues have their own figures", async () => {
    const f = await dashboardFigures(t.db, otherCat);
    expect(f).toMatchObject({ total: 1, byStatus: { open: 1 }, byType: { it: 1 }, withoutOwner: 1, withoutKpi: 1 });
  });

  it("an empty catalogue has zeros everywhere", async () => {
    const empty = await addCatalogue("Leer");
    expect(await dashboardFigures(t.db, empty)).toMatchObject({ total: 0, byStatus: {}, byType: {}, withoutOwner: 0, withoutKpi: 0 });
  });

  it("binning a service removes it from every figure", async () => {
    const before = await dashboardFigures(t.db, cat);
    await t.db.updateTable("services").set({ deleted_at: BINNED }).where("id", "=", s.open2).execute();
    try {
      const after = await dashboardFigures(t.db, cat);
      expect(after.total).toBe(before.total - 1);
      expect(after.byStatus.open).toBe(before.byStatus.open - 1);
      expect(after.byType.it).toBe(before.byType.it - 1);
      expect(after.withoutOwner).toBe(before.withoutOwner - 1);
      expect(after.withoutKpi).toBe(before.withoutKpi - 1);
    } finally {
      await t.db.updateTable("services").set({ deleted_at: null }).where("id", "=", s.open2).execute();
    }
  });
});

describe("dashboardFigures: latest changes", () => {
  beforeAll(async () => {
    await t.db.deleteFrom("activities").execute();
    // 13 changes in order; plus activities of subjects that are not catalogue content.
    await recordActivity(t.db, { subjectType: "service", subjectId: s.closed3, event: "created", causer });
    await recordActivity(t.db, { subjectType: "user", subjectId: causer.id, event: "login", causer });
    for (let i = 1; i <= 10; i++) await recordActivity(t.db, { subjectType: i % 2 ? "service" : "category", subjectId: i % 2 ? s.open1 : s.category, event: `change ${i}`, causer });
    await recordActivity(t.db, { subjectType: "auth", subjectId: null, event: "password_reset", causer });
    // Another catalogue's content, and a category deleted for good: not this catalogue's changes.
    await recordActivity(t.db, { subjectType: "service", subjectId: s.foreign, event: "foreign service", causer });
    await recordActivity(t.db, { subjectType: "category", subjectId: s.foreignCategory, event: "foreign category", causer });
    await recordActivity(t.db, { subjectType: "catalogue", subjectId: otherCat, event: "foreign catalogue", causer });
    await recordActivity(t.db, { subjectType: "category", subjectId: 999_999, event: "gone", causer });
    await recordActivity(t.db, { subjectType: "tag", subjectId: 5, event: "created", causer });
    await recordActivity(t.db, { subjectType: "service", subjectId: s.binned, event: "deleted", causer });
  });

  it("lists at most 10 changes, newest first, without unrelated subjects", async () => {
    const { changes } = await dashboardFigures(t.db, cat);
    expect(changes).toHaveLength(10);
    expect(changes.map((c) => c.event)).toEqual(["deleted", "created", "change 10", "change 9", "change 8", "change 7", "change 6", "change 5", "change 4", "change 3"]);
    const ids = changes.map((c) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(changes.some((c) => c.subject_type === "user" || c.subject_type === "auth")).toBe(false);
  });

  it("lists only this catalogue's content (and shared base data); the other catalogue sees its own", async () => {
    const { changes } = await dashboardFigures(t.db, cat);
    expect(changes.map((c) => c.event).filter((e) => e.startsWith("foreign") || e === "gone")).toEqual([]);
    await recordActivity(t.db, { subjectType: "catalogue", subjectId: cat, event: "renamed", causer });
    try {
      expect((await dashboardFigures(t.db, cat)).changes[0].event).toBe("renamed");
      const other = (await dashboardFigures(t.db, otherCat)).changes.map((c) => c.event);
      expect(other).toEqual(["created", "foreign catalogue", "foreign category", "foreign service"]);
    } finally {
      await t.db.deleteFrom("activities").where("event", "=", "renamed").execute();
    }
  });

  it("service changes carry the service's name and whether it is binned", async () => {
    const { changes } = await dashboardFigures(t.db, cat);
    const binned = changes.find((c) => c.event === "deleted")!;
    expect(binned).toMatchObject({ subject_type: "service", subject_id: String(s.binned), service_name: "Papierkorb", causer_name: "Dash Board" });
    expect(binned.service_deleted_at).toBe(BINNED);
    const live = changes.find((c) => c.event === "change 9")!;
    expect(live).toMatchObject({ subject_type: "service", service_name: "Offen 1", service_deleted_at: null });
    const category = changes.find((c) => c.event === "change 10")!;
    expect(category).toMatchObject({ subject_type: "category", subject_id: String(s.category), service_name: null });
    const tag = changes.find((c) => c.subject_type === "tag")!;
    expect(tag.service_name).toBeNull();
  });

  it("fewer than 10 changes are all listed", async () => {
    await t.db.deleteFrom("activities").where("event", "like", "change %").execute();
    const { changes } = await dashboardFigures(t.db, cat);
    expect(changes.map((c) => c.event)).toEqual(["deleted", "created", "created"]);
  });
});
