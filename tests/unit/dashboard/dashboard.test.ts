import { beforeAll, describe, expect, it } from "vitest";
import { recordActivity } from "~/server/audit.server";
import { dashboardFigures } from "~/modules/dashboard/dashboard.server";
import { factories } from "../../factories";
import { useTestDb } from "../../support/test-db";

// Runs on SQLite by default and on Postgres with DATABASE_URL=postgres://…

const t = useTestDb();
const make = factories(() => t.db);
let causer: { id: number; name: string };
let cat: number;
let otherCat: number;
const s: Record<string, number> = {};

const BINNED = "2025-01-01T00:00:00.000Z";

beforeAll(async () => {
  const user = await make.user("keyuser", { name: "Dash", email: "dash@test.example" });
  causer = { id: user.id, name: "Dash Board" };
  cat = await make.catalogue({ title: "Dashboard" });
  otherCat = await make.catalogue({ title: "Anderer" });
  const category = await make.category(cat, { name: "K" });
  s.category = category;
  s.foreignCategory = await make.category(otherCat, { name: "F" });
  const o1 = await make.owner({ name: "Dash Owner 1" });
  const o2 = await make.owner({ name: "Dash Owner 2" });
  const k1 = await make.kpi({ name: "Dash KPI 1" });
  const k2 = await make.kpi({ name: "Dash KPI 2" });
  // With owner: open1 (two owners), closed1. With KPI: open1, checking (two KPIs), closed2.
  s.open1 = await make.service(cat, category, { name: "Offen 1", status: "open", servicetype: "customer", owners: [o1, o2], kpis: [k1] });
  s.open2 = await make.service(cat, null, { name: "Offen 2", status: "open", servicetype: "it" });
  s.checking = await make.service(cat, null, { name: "Prüfung", status: "checking", servicetype: "it", kpis: [k1, k2] });
  s.closed1 = await make.service(cat, null, { name: "Abgenommen 1", status: "closed", servicetype: "customer", owners: [o1] });
  s.closed2 = await make.service(cat, null, { name: "Abgenommen 2", status: "closed", servicetype: "customer", kpis: [k2] });
  s.closed3 = await make.service(cat, null, { name: "Abgenommen 3", status: "closed", servicetype: "customer" });
  // Not counted: binned, or in another catalogue.
  s.binned = await make.service(cat, null, { name: "Papierkorb", status: "checking", servicetype: "it", deleted_at: BINNED });
  s.foreign = await make.service(otherCat, null, { name: "Fremd", status: "open", servicetype: "it" });
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
    const empty = await make.catalogue({ title: "Leer" });
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

  it("every change names its record: live ones by their name now, deleted ones by the name the activity kept", async () => {
    const { changes } = await dashboardFigures(t.db, cat);
    expect(changes.find((c) => c.event === "change 9")!.subject_name).toBe("Offen 1");
    const category = await t.db.selectFrom("service_categories").select("name").where("id", "=", s.category).executeTakeFirstOrThrow();
    expect(changes.find((c) => c.event === "change 10")!.subject_name).toBe(category.name);
    // The tag (id 5) was never a row here: only its activity knows nothing of a name.
    expect(changes.find((c) => c.subject_type === "tag")!.subject_name).toBeNull();
    await recordActivity(t.db, { subjectType: "owner", subjectId: 424_242, event: "deleted", causer, oldValues: { name: "Ehemalige Owner GmbH" } });
    try {
      expect((await dashboardFigures(t.db, cat)).changes[0]).toMatchObject({ subject_type: "owner", subject_name: "Ehemalige Owner GmbH" });
    } finally {
      await t.db.deleteFrom("activities").where("subject_id", "=", "424242").execute();
    }
  });

  it("a Word export is a reading, not a change: it is not listed (issue 32 §4)", async () => {
    await recordActivity(t.db, { subjectType: "catalogue", subjectId: cat, event: "exported", causer });
    await recordActivity(t.db, { subjectType: "service", subjectId: s.open1, event: "exported", causer });
    try {
      const { changes } = await dashboardFigures(t.db, cat);
      expect(changes.map((c) => c.event)).not.toContain("exported");
      expect(changes).toHaveLength(10);
    } finally {
      await t.db.deleteFrom("activities").where("event", "=", "exported").execute();
    }
  });

  it("fewer than 10 changes are all listed", async () => {
    await t.db.deleteFrom("activities").where("event", "like", "change %").execute();
    const { changes } = await dashboardFigures(t.db, cat);
    expect(changes.map((c) => c.event)).toEqual(["deleted", "created", "created"]);
  });
});
