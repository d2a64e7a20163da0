import { beforeAll, describe, expect, it } from "vitest";
import { listActivitiesFor } from "~/server/audit.server";
import {
  EmptySelectionError,
  createCatalogue,
  getCatalogue,
  getCurrentCatalogueId,
  isServiceAreaActive,
  catalogueCounts,
  listCatalogueNames,
  listCatalogues,
  moveSelectionToCatalogue,
  setCurrentCatalogue,
} from "~/modules/catalogue/catalogue.server";
import { NotFoundError } from "~/server/errors.server";
import { factories } from "../../factories";
import { useTestDb } from "../../support/test-db";
import { rejection } from "../../support/rejection";

// Runs on SQLite by default and on Postgres with DATABASE_URL=postgres://…

const t = useTestDb();
const make = factories(() => t.db);
let causer: { id: number; name: string };

async function addUser(email: string, settings?: string) {
  return (await make.user("keyuser", { name: email, email, settings })).id;
}
async function settingsOf(userId: number) {
  const row = await t.db.selectFrom("users").select("settings").where("id", "=", userId).executeTakeFirstOrThrow();
  return row.settings === null ? null : JSON.parse(row.settings);
}

const BINNED = "2025-01-01T00:00:00.000Z";

beforeAll(async () => {
  causer = { id: await addUser("katalog@test.example"), name: "Katalog Keyuser" };
});

// Must run first: it needs a database without any regular catalogue.
describe("getCurrentCatalogueId without regular catalogues", () => {
  it("falls back to the static catalogue (-1)", async () => {
    const user = await addUser("leer@test.example");
    expect(await getCurrentCatalogueId(t.db, user)).toBe(-1);
  });
});

describe("listCatalogues", () => {
  let a: number;
  let b: number;

  beforeAll(async () => {
    a = await make.catalogue({ title: "Zählkatalog A" });
    b = await make.catalogue({ title: null });
    const area = await make.area(a, { name: "Bereich" });
    await make.area(a, { name: "Bereich 2" });
    const c = await make.category(a, { service_area_id: area, name: "Kategorie" });
    await make.service(a, c, { name: "Lebt 1" });
    await make.service(a, null, { name: "Lebt 2" });
    await make.service(a, c, { name: "Papierkorb", deleted_at: BINNED });
    await make.service(b, null, { name: "B Papierkorb", deleted_at: BINNED });
    await t.db.updateTable("catalog_frames").set({ title: "Rahmentitel" }).where("service_catalogue_id", "=", -1).execute();
    await make.service(-1, null, { name: "Statisch" });
  });

  it("lists every catalogue, the static one first, with counts that exclude binned services", async () => {
    const list = await listCatalogues(t.db);
    expect(list[0]).toEqual({ id: -1, title: null, frameTitle: "Rahmentitel", services: 1, areas: 0, categories: 0 });
    expect(list.find((c) => c.id === a)).toEqual({ id: a, title: "Zählkatalog A", frameTitle: null, services: 2, areas: 2, categories: 1 });
    expect(list.find((c) => c.id === b)).toEqual({ id: b, title: null, frameTitle: null, services: 0, areas: 0, categories: 0 });
    expect(list.map((c) => c.id)).toEqual([...list.map((c) => c.id)].sort((x, y) => x - y));
  });

  it("names and counts one at a time agree with the full list", async () => {
    const list = await listCatalogues(t.db);
    expect(await listCatalogueNames(t.db)).toEqual(list.map(({ id, title, frameTitle }) => ({ id, title, frameTitle })));
    for (const c of list) expect(await catalogueCounts(t.db, c.id)).toEqual({ services: c.services, areas: c.areas, categories: c.categories });
    expect(await catalogueCounts(t.db, a)).toEqual({ services: 2, areas: 2, categories: 1 });
  });
});

describe("createCatalogue", () => {
  it("creates the catalogue and records who did it", async () => {
    const id = await createCatalogue(t.db, "Neuer Katalog", causer);
    expect(await getCatalogue(t.db, id)).toEqual({ id, title: "Neuer Katalog", frameTitle: null });
    const activities = await listActivitiesFor(t.db, "catalogue", id);
    expect(activities).toHaveLength(1);
    expect(activities[0]).toMatchObject({ event: "created", causer_id: causer.id, causer_name: causer.name });
    expect(JSON.parse(activities[0].new_values ?? "null")).toEqual({ title: "Neuer Katalog" });
    expect((await listCatalogues(t.db)).find((c) => c.id === id)).toMatchObject({ services: 0, areas: 0, categories: 0 });
  });
});

describe("current catalogue", () => {
  let first: number;
  let second: number;

  beforeAll(async () => {
    const rows = await t.db.selectFrom("service_catalogues").select("id").where("id", ">", 0).orderBy("id").execute();
    first = rows[0].id;
    second = await make.catalogue({ title: "Zweiter Wahl-Katalog" });
  });

  it("without a setting it is the first regular catalogue", async () => {
    const user = await addUser("ohne@test.example");
    expect(await getCurrentCatalogueId(t.db, user)).toBe(first);
    const broken = await addUser("kaputt@test.example", "{not json");
    expect(await getCurrentCatalogueId(t.db, broken)).toBe(first);
    const unknown = await addUser("unbekannt@test.example", JSON.stringify({ currentCatalogueId: 987_654 }));
    expect(await getCurrentCatalogueId(t.db, unknown)).toBe(first);
    const nonsense = await addUser("unsinn@test.example", JSON.stringify({ currentCatalogueId: "abc" }));
    expect(await getCurrentCatalogueId(t.db, nonsense)).toBe(first);
  });

  it("setCurrentCatalogue remembers the choice and keeps the other settings", async () => {
    const user = await addUser("wahl@test.example", JSON.stringify({ theme: "dark", appBar: { color: "#fff" } }));
    await setCurrentCatalogue(t.db, user, second);
    expect(await getCurrentCatalogueId(t.db, user)).toBe(second);
    expect(await settingsOf(user)).toEqual({ theme: "dark", appBar: { color: "#fff" }, currentCatalogueId: second });
    await setCurrentCatalogue(t.db, user, -1);
    expect(await getCurrentCatalogueId(t.db, user)).toBe(-1);
    expect(await settingsOf(user)).toEqual({ theme: "dark", appBar: { color: "#fff" }, currentCatalogueId: -1 });
  });

  it("setCurrentCatalogue rejects an unknown catalogue with NotFoundError and changes nothing", async () => {
    const user = await addUser("falsch@test.example", JSON.stringify({ theme: "light", currentCatalogueId: second }));
    const error = await rejection(setCurrentCatalogue(t.db, user, 987_654));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(await settingsOf(user)).toEqual({ theme: "light", currentCatalogueId: second });
    expect(await getCurrentCatalogueId(t.db, user)).toBe(second);
  });

  it("a chosen catalogue that is later deleted falls back to the first regular one", async () => {
    const doomed = await make.catalogue({ title: "Wird gelöscht" });
    const user = await addUser("geloescht@test.example");
    await setCurrentCatalogue(t.db, user, doomed);
    await t.db.deleteFrom("service_catalogues").where("id", "=", doomed).execute();
    expect(await getCurrentCatalogueId(t.db, user)).toBe(first);
  });
});

describe("isServiceAreaActive", () => {
  it("follows the single config row and defaults to active without one", async () => {
    expect(await isServiceAreaActive(t.db)).toBe(true);
    await t.db.updateTable("service_area_config").set({ active: 0 }).where("id", "=", 1).execute();
    expect(await isServiceAreaActive(t.db)).toBe(false);
    await t.db.deleteFrom("service_area_config").execute();
    expect(await isServiceAreaActive(t.db)).toBe(true);
    await make.serviceAreas(true);
    expect(await isServiceAreaActive(t.db)).toBe(true);
  });
});

describe("moveSelectionToCatalogue", () => {
  interface Fixture {
    source: number;
    target: number;
    areaA: number;
    areaB: number;
    catA1: number;
    catA2: number;
    catB1: number;
    catLoose: number;
    s: Record<string, number>;
  }

  /** A fresh source catalogue (two areas, a category without area, services everywhere) and an empty target. */
  async function fixture(label: string): Promise<Fixture> {
    const source = await make.catalogue({ title: `Quelle ${label}` });
    const target = await make.catalogue({ title: `Ziel ${label}` });
    const areaA = await make.area(source, { name: "A" });
    const areaB = await make.area(source, { name: "B" });
    const catA1 = await make.category(source, { service_area_id: areaA, name: "A1" });
    const catA2 = await make.category(source, { service_area_id: areaA, name: "A2" });
    const catB1 = await make.category(source, { service_area_id: areaB, name: "B1" });
    const catLoose = await make.category(source, { name: "Lose Kategorie" });
    const s = {
      a1: await make.service(source, catA1, { name: "In A1" }),
      a1b: await make.service(source, catA1, { name: "Auch in A1" }),
      a1binned: await make.service(source, catA1, { name: "A1 Papierkorb", deleted_at: BINNED }),
      a2: await make.service(source, catA2, { name: "In A2" }),
      b1: await make.service(source, catB1, { name: "In B1" }),
      b1b: await make.service(source, catB1, { name: "Auch in B1" }),
      loose: await make.service(source, catLoose, { name: "In loser Kategorie" }),
      none: await make.service(source, null, { name: "Ohne Kategorie" }),
    };
    return { source, target, areaA, areaB, catA1, catA2, catB1, catLoose, s };
  }

  async function serviceRow(id: number) {
    return t.db.selectFrom("services").select(["service_catalogue_id", "category_id", "deleted_at"]).where("id", "=", id).executeTakeFirstOrThrow();
  }
  async function categoryRow(id: number) {
    return t.db.selectFrom("service_categories").select(["service_catalogue_id", "service_area_id"]).where("id", "=", id).executeTakeFirstOrThrow();
  }
  async function areaCatalogue(id: number) {
    return (await t.db.selectFrom("service_areas").select("service_catalogue_id").where("id", "=", id).executeTakeFirstOrThrow()).service_catalogue_id;
  }
  async function snapshot() {
    return {
      services: await t.db.selectFrom("services").select(["id", "service_catalogue_id", "category_id", "updated_at"]).orderBy("id").execute(),
      categories: await t.db.selectFrom("service_categories").select(["id", "service_catalogue_id", "service_area_id"]).orderBy("id").execute(),
      areas: await t.db.selectFrom("service_areas").select(["id", "service_catalogue_id"]).orderBy("id").execute(),
      activities: await t.db.selectFrom("activities").select("id").orderBy("id").execute(),
    };
  }

  it("an area takes its categories and their live services along", async () => {
    const f = await fixture("Bereich");
    const moved = await moveSelectionToCatalogue(t.db, { areas: [f.areaA], categories: [], services: [] }, f.target, causer);
    expect(moved).toBe(3);
    expect(await areaCatalogue(f.areaA)).toBe(f.target);
    expect(await categoryRow(f.catA1)).toEqual({ service_catalogue_id: f.target, service_area_id: f.areaA });
    expect(await categoryRow(f.catA2)).toEqual({ service_catalogue_id: f.target, service_area_id: f.areaA });
    expect(await serviceRow(f.s.a1)).toMatchObject({ service_catalogue_id: f.target, category_id: f.catA1 });
    expect(await serviceRow(f.s.a1b)).toMatchObject({ service_catalogue_id: f.target, category_id: f.catA1 });
    expect(await serviceRow(f.s.a2)).toMatchObject({ service_catalogue_id: f.target, category_id: f.catA2 });
    // Everything else stays.
    expect(await areaCatalogue(f.areaB)).toBe(f.source);
    expect(await categoryRow(f.catB1)).toEqual({ service_catalogue_id: f.source, service_area_id: f.areaB });
    for (const id of [f.s.b1, f.s.b1b, f.s.loose, f.s.none]) expect((await serviceRow(id)).service_catalogue_id).toBe(f.source);
    const counts = Object.fromEntries((await listCatalogues(t.db)).map((c) => [c.id, c]));
    expect(counts[f.target]).toMatchObject({ services: 3, areas: 1, categories: 2 });
    expect(counts[f.source]).toMatchObject({ services: 4, areas: 1, categories: 2 });
  });

  it("a category takes its services along; its area stays behind, so it arrives without one", async () => {
    const f = await fixture("Kategorie");
    const moved = await moveSelectionToCatalogue(t.db, { areas: [], categories: [f.catB1], services: [] }, f.target, causer);
    expect(moved).toBe(2);
    expect(await categoryRow(f.catB1)).toEqual({ service_catalogue_id: f.target, service_area_id: null });
    expect(await areaCatalogue(f.areaB)).toBe(f.source);
    expect(await serviceRow(f.s.b1)).toMatchObject({ service_catalogue_id: f.target, category_id: f.catB1 });
    expect(await serviceRow(f.s.b1b)).toMatchObject({ service_catalogue_id: f.target, category_id: f.catB1 });
  });

  it("a category chosen together with its area keeps the area", async () => {
    const f = await fixture("Beides");
    await moveSelectionToCatalogue(t.db, { areas: [f.areaA], categories: [f.catA1, f.catLoose], services: [] }, f.target, causer);
    expect(await categoryRow(f.catA1)).toEqual({ service_catalogue_id: f.target, service_area_id: f.areaA });
    expect(await categoryRow(f.catLoose)).toEqual({ service_catalogue_id: f.target, service_area_id: null });
    expect(await serviceRow(f.s.loose)).toMatchObject({ service_catalogue_id: f.target, category_id: f.catLoose });
  });

  it("plain services whose category stays behind arrive without a category", async () => {
    const f = await fixture("Services");
    const moved = await moveSelectionToCatalogue(t.db, { areas: [], categories: [], services: [f.s.b1, f.s.none] }, f.target, causer);
    expect(moved).toBe(2);
    expect(await serviceRow(f.s.b1)).toMatchObject({ service_catalogue_id: f.target, category_id: null });
    expect(await serviceRow(f.s.none)).toMatchObject({ service_catalogue_id: f.target, category_id: null });
    expect(await serviceRow(f.s.b1b)).toMatchObject({ service_catalogue_id: f.source, category_id: f.catB1 });
    expect(await categoryRow(f.catB1)).toEqual({ service_catalogue_id: f.source, service_area_id: f.areaB });
  });

  it("a plain service whose category moves too keeps its category", async () => {
    const f = await fixture("Mit Kategorie");
    const moved = await moveSelectionToCatalogue(t.db, { areas: [], categories: [f.catA2], services: [f.s.a2, f.s.b1] }, f.target, causer);
    expect(moved).toBe(2);
    expect(await serviceRow(f.s.a2)).toMatchObject({ service_catalogue_id: f.target, category_id: f.catA2 });
    expect(await serviceRow(f.s.b1)).toMatchObject({ service_catalogue_id: f.target, category_id: null });
  });

  it("records who moved what into which catalogue", async () => {
    const f = await fixture("Audit");
    await moveSelectionToCatalogue(t.db, { areas: [f.areaB], categories: [f.catLoose], services: [f.s.none] }, f.target, causer);
    const activities = await listActivitiesFor(t.db, "catalogue", f.target);
    expect(activities).toHaveLength(1);
    expect(activities[0]).toMatchObject({ event: "services_moved_in", causer_id: causer.id, causer_name: causer.name });
    const values = JSON.parse(activities[0].new_values ?? "{}");
    expect(values.areas).toEqual([f.areaB]);
    expect([...values.categories].sort()).toEqual([f.catB1, f.catLoose].sort());
    expect([...values.services].sort()).toEqual([f.s.none, f.s.b1, f.s.b1b, f.s.loose].sort());
  });

  it("afterwards every live service's category belongs to the service's own catalogue", async () => {
    const f = await fixture("Konsistenz");
    await moveSelectionToCatalogue(t.db, { areas: [f.areaA], categories: [f.catLoose], services: [f.s.b1, f.s.a2] }, f.target, causer);
    const rows = await t.db
      .selectFrom("services as s")
      .innerJoin("service_categories as c", "c.id", "s.category_id")
      .select(["s.id", "s.name", "s.service_catalogue_id as serviceCatalogue", "c.service_catalogue_id as categoryCatalogue"])
      .where("s.service_catalogue_id", "in", [f.source, f.target])
      .where("s.deleted_at", "is", null)
      .execute();
    expect(rows).toHaveLength(5);
    expect(rows.filter((r) => r.serviceCatalogue !== r.categoryCatalogue)).toEqual([]);
  });

  it("an empty selection is rejected with EmptySelectionError", async () => {
    const f = await fixture("Leer");
    const before = await snapshot();
    expect(await rejection(moveSelectionToCatalogue(t.db, { areas: [], categories: [], services: [] }, f.target, causer))).toBeInstanceOf(EmptySelectionError);
    expect(await snapshot()).toEqual(before);
  });

  it("an unknown target catalogue is rejected with NotFoundError and nothing changes", async () => {
    const f = await fixture("Unbekannt");
    const before = await snapshot();
    const error = await rejection(moveSelectionToCatalogue(t.db, { areas: [f.areaA], categories: [f.catB1], services: [f.s.none] }, 987_654, causer));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(await snapshot()).toEqual(before);
  });

  it("services moved into the static catalogue show up there", async () => {
    const f = await fixture("Statisch");
    const before = (await listCatalogues(t.db)).find((c) => c.id === -1)!.services;
    await moveSelectionToCatalogue(t.db, { areas: [], categories: [], services: [f.s.none, f.s.loose] }, -1, causer);
    expect((await listCatalogues(t.db)).find((c) => c.id === -1)!.services).toBe(before + 2);
  });
});
