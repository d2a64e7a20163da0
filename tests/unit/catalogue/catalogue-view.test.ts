import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_QUERY, type CatalogueQuery } from "~/modules/catalogue/catalogue-query";
import { catalogueCounts } from "~/modules/catalogue/catalogue.server";
import { namedFromStructure } from "~/modules/catalogue/catalogue-structure";
import { UNCATEGORISED, catalogueStructure, countsFromStructure, namedStructure, servicesByCategory } from "~/modules/catalogue/catalogue-view.server";
import { categoryCounts } from "~/modules/catalogue/service-search.server";
import { factories } from "../../factories";
import { useTestDb } from "../../support/test-db";

// Runs on SQLite by default and on Postgres with DATABASE_URL=postgres://…

const t = useTestDb();
const make = factories(() => t.db);

function filter(change: Partial<CatalogueQuery> = {}) {
  return { ...DEFAULT_QUERY, ...change };
}

const BINNED = "2025-01-01T00:00:00.000Z";

describe("catalogueStructure", () => {
  let cat: number;
  let areaNet: number;
  let areaWork: number;
  let catMail: number;
  let catVpn: number;
  let catEmpty: number;
  let catLoose: number;
  let owner: number;

  beforeAll(async () => {
    cat = await make.catalogue({ title: "Struktur" });
    const other = await make.catalogue({ title: "Anderer" });
    areaWork = await make.area(cat, { name: "Arbeitsplatz", position: 1 });
    areaNet = await make.area(cat, { name: "Netzwerk", position: 0 });
    catVpn = await make.category(cat, { service_area_id: areaNet, name: "VPN", position: 1 });
    catMail = await make.category(cat, { service_area_id: areaWork, name: "Mail", position: 0 });
    catEmpty = await make.category(cat, { service_area_id: areaWork, name: "Leer", position: 2 });
    catLoose = await make.category(cat, { service_area_id: null, name: "Ohne Bereich", position: 3 });
    owner = await make.owner({ name: "Struktur Owner" });

    await make.service(cat, catMail, { name: "Postfach", status: "open", owners: [owner] });
    await make.service(cat, catMail, { name: "Verteiler", status: "closed" });
    await make.service(cat, catMail, { name: "Archiv", status: "open", servicetype: "it" });
    await make.service(cat, catMail, { name: "Altes Postfach", status: "open", deleted_at: BINNED });
    await make.service(cat, catVpn, { name: "VPN Zugang", status: "checking", description: "Postfach-unabhängig" });
    await make.service(cat, catLoose, { name: "Lose", status: "open" });
    await make.service(cat, null, { name: "Ohne Kategorie 1", status: "open" });
    await make.service(cat, null, { name: "Ohne Kategorie 2", status: "closed" });
    await make.service(cat, null, { name: "Ohne Kategorie binned", deleted_at: BINNED });
    // A service of another catalogue, even one pointing at a category of this one, is not counted.
    await make.service(other, catMail, { name: "Fremd in Mail" });
    await make.service(other, null, { name: "Fremd ohne Kategorie" });
  });

  it("lists areas and categories in position order with the live services per category", async () => {
    const result = await catalogueStructure(t.db, cat, filter());
    expect(result.areas).toEqual([
      { id: areaNet, name: "Netzwerk" },
      { id: areaWork, name: "Arbeitsplatz" },
    ]);
    expect(result.categories).toEqual([
      { id: catMail, name: "Mail", areaId: areaWork, count: 3 },
      { id: catVpn, name: "VPN", areaId: areaNet, count: 1 },
      { id: catEmpty, name: "Leer", areaId: areaWork, count: 0 },
      { id: catLoose, name: "Ohne Bereich", areaId: null, count: 1 },
    ]);
    expect(result.uncategorised).toBe(2);
  });

  it("counts honour the filters", async () => {
    const open = await catalogueStructure(t.db, cat, filter({ statuses: ["open"] }));
    expect(Object.fromEntries(open.categories.map((c) => [c.name, c.count]))).toEqual({ Mail: 2, VPN: 0, Leer: 0, "Ohne Bereich": 1 });
    expect(open.uncategorised).toBe(1);

    const term = await catalogueStructure(t.db, cat, filter({ q: "postfach" }));
    expect(Object.fromEntries(term.categories.map((c) => [c.name, c.count]))).toEqual({ Mail: 1, VPN: 1, Leer: 0, "Ohne Bereich": 0 });
    expect(term.uncategorised).toBe(0);

    const owned = await catalogueStructure(t.db, cat, filter({ owners: [owner] }));
    expect(owned.categories.find((c) => c.id === catMail)?.count).toBe(1);
    expect(owned.categories.reduce((n, c) => n + c.count, 0) + owned.uncategorised).toBe(1);

    const it_ = await catalogueStructure(t.db, cat, filter({ types: ["it"] }));
    expect(it_.categories.find((c) => c.id === catMail)?.count).toBe(1);
    expect(it_.uncategorised).toBe(0);
  });

  it("category and area filters leave the other categories (and the uncategorised) at 0, but still listed", async () => {
    const byArea = await catalogueStructure(t.db, cat, filter({ areas: [areaWork] }));
    expect(byArea.categories).toHaveLength(4);
    expect(Object.fromEntries(byArea.categories.map((c) => [c.name, c.count]))).toEqual({ Mail: 3, VPN: 0, Leer: 0, "Ohne Bereich": 0 });
    expect(byArea.uncategorised).toBe(0);

    const none = await catalogueStructure(t.db, cat, filter({ categories: [-1] }));
    expect(none.categories.every((c) => c.count === 0)).toBe(true);
    expect(none.uncategorised).toBe(0);
  });

  it("an empty catalogue has no areas, categories or services", async () => {
    const empty = await make.catalogue({ title: "Leer" });
    expect(await catalogueStructure(t.db, empty, filter())).toEqual({ areas: [], categories: [], uncategorised: 0 });
  });
});

describe("servicesByCategory", () => {
  let cat: number;
  let catA: number;
  let catB: number;
  let catC: number;

  beforeAll(async () => {
    cat = await make.catalogue({ title: "Kacheln" });
    catA = await make.category(cat, { service_area_id: null, name: "A", position: 0 });
    catB = await make.category(cat, { service_area_id: null, name: "B", position: 1 });
    catC = await make.category(cat, { service_area_id: null, name: "C", position: 2 });
    // A: positions deliberately out of insertion order; names and dates in yet other orders.
    const specs: [string, number, string, string][] = [
      ["delta", 3, "2024-01-01T00:00:00.000Z", "2024-03-04T00:00:00.000Z"],
      ["Alpha", 1, "2024-01-04T00:00:00.000Z", "2024-03-02T00:00:00.000Z"],
      ["charlie", 0, "2024-01-02T00:00:00.000Z", "2024-03-05T00:00:00.000Z"],
      ["Echo", 4, "2024-01-05T00:00:00.000Z", "2024-03-01T00:00:00.000Z"],
      ["bravo", 2, "2024-01-03T00:00:00.000Z", "2024-03-03T00:00:00.000Z"],
    ];
    for (const [name, position, created_at, updated_at] of specs) await make.service(cat, catA, { name: name, position, created_at, updated_at, status: name === "Echo" ? "closed" : "open" });
    await make.service(cat, catA, { name: "aaa binned", position: 0, deleted_at: BINNED });
    await make.service(cat, catB, { name: "B zwei", position: 1 });
    await make.service(cat, catB, { name: "B eins", position: 0 });
    await make.service(cat, null, { name: "Lose zwei", position: 1 });
    await make.service(cat, null, { name: "Lose eins", position: 0 });
    await make.service(cat, catC, { name: "C nur", position: 0 });
  });

  const names = (map: Map<number, { name: string }[]>, id: number) => (map.get(id) ?? []).map((s) => s.name);

  it("returns the first N live services of each requested category in position order", async () => {
    const map = await servicesByCategory(t.db, cat, filter(), [catA, catB], 3);
    expect([...map.keys()].sort()).toEqual([catA, catB].sort());
    expect(names(map, catA)).toEqual(["charlie", "Alpha", "bravo"]);
    expect(names(map, catB)).toEqual(["B eins", "B zwei"]);
    expect(map.get(catA)?.[0]).toMatchObject({ name: "charlie", status: "open", statuspercent: 0, servicetype: "customer", category_id: catA, position: 0 });
  });

  it("returns all services when there are fewer than N", async () => {
    const map = await servicesByCategory(t.db, cat, filter(), [catA], 100);
    expect(names(map, catA)).toEqual(["charlie", "Alpha", "bravo", "delta", "Echo"]);
  });

  it("uncategorised services come under 0", async () => {
    const map = await servicesByCategory(t.db, cat, filter(), [UNCATEGORISED, catC], 10);
    expect(names(map, UNCATEGORISED)).toEqual(["Lose eins", "Lose zwei"]);
    expect(names(map, catC)).toEqual(["C nur"]);
    expect(map.has(catA)).toBe(false);
    expect(map.get(UNCATEGORISED)?.every((s) => (s as { category_id: number | null }).category_id === null)).toBe(true);
  });

  it("alphabet, createDate and editDate in both directions", async () => {
    const order = async (sort: CatalogueQuery["sort"], dir: CatalogueQuery["dir"]) => names(await servicesByCategory(t.db, cat, filter({ sort, dir }), [catA], 10), catA);
    expect(await order("alphabet", "asc")).toEqual(["Alpha", "bravo", "charlie", "delta", "Echo"]);
    expect(await order("alphabet", "desc")).toEqual(["Echo", "delta", "charlie", "bravo", "Alpha"]);
    expect(await order("createDate", "asc")).toEqual(["delta", "charlie", "bravo", "Alpha", "Echo"]);
    expect(await order("createDate", "desc")).toEqual(["Echo", "Alpha", "bravo", "charlie", "delta"]);
    expect(await order("editDate", "asc")).toEqual(["Echo", "Alpha", "bravo", "delta", "charlie"]);
    expect(await order("editDate", "desc")).toEqual(["charlie", "delta", "bravo", "Alpha", "Echo"]);
  });

  it("the limit applies after sorting", async () => {
    const map = await servicesByCategory(t.db, cat, filter({ sort: "alphabet", dir: "desc" }), [catA], 2);
    expect(names(map, catA)).toEqual(["Echo", "delta"]);
  });

  it("honours the filters", async () => {
    const closed = await servicesByCategory(t.db, cat, filter({ statuses: ["closed"] }), [catA, catB], 10);
    expect(names(closed, catA)).toEqual(["Echo"]);
    expect(closed.has(catB)).toBe(false);
    const term = await servicesByCategory(t.db, cat, filter({ q: "eins" }), [catA, catB, UNCATEGORISED], 10);
    expect(names(term, catB)).toEqual(["B eins"]);
    expect(names(term, UNCATEGORISED)).toEqual(["Lose eins"]);
    expect(term.has(catA)).toBe(false);
  });

  it("no categories asked: an empty map", async () => {
    expect((await servicesByCategory(t.db, cat, filter(), [], 10)).size).toBe(0);
  });
});

describe("namedStructure", () => {
  let cat: number;
  let areaNet: number;
  let areaWork: number;
  let catVpn: number;
  let catWlan: number;
  let catMail: number;

  beforeAll(async () => {
    cat = await make.catalogue({ title: "Namen" });
    const other = await make.catalogue({ title: "Andere Namen" });
    areaNet = await make.area(cat, { name: "Netzwerk", position: 0 });
    areaWork = await make.area(cat, { name: "Arbeitsplatz", position: 1 });
    catVpn = await make.category(cat, { service_area_id: areaNet, name: "VPN-Netz", position: 0 });
    catWlan = await make.category(cat, { service_area_id: areaNet, name: "WLAN", position: 1 });
    catMail = await make.category(cat, { service_area_id: areaWork, name: "Mail", position: 0 });
    await make.service(cat, catVpn, { name: "VPN 1" });
    await make.service(cat, catVpn, { name: "VPN 2" });
    await make.service(cat, catVpn, { name: "VPN alt", deleted_at: BINNED });
    await make.service(cat, catMail, { name: "Mail 1" });
    await make.area(other, { name: "Netzwerk fremd" });
    await make.category(other, { service_area_id: null, name: "Netz fremd" });
  });

  it("without a term lists every area and category of the catalogue with their counts", async () => {
    const result = await namedStructure(t.db, cat, "");
    expect(result.areas).toEqual([
      { id: areaNet, name: "Netzwerk", categories: 2 },
      { id: areaWork, name: "Arbeitsplatz", categories: 1 },
    ]);
    // Grouped by area in area order (Netzwerk before Arbeitsplatz), then by category position.
    expect(result.categories).toEqual([
      { id: catVpn, name: "VPN-Netz", areaId: areaNet, areaName: "Netzwerk", services: 2 },
      { id: catWlan, name: "WLAN", areaId: areaNet, areaName: "Netzwerk", services: 0 },
      { id: catMail, name: "Mail", areaId: areaWork, areaName: "Arbeitsplatz", services: 1 },
    ]);
  });

  it("filters areas and categories by a case-insensitive part of the name", async () => {
    const result = await namedStructure(t.db, cat, "  NETZ ");
    expect(result.areas.map((a) => a.name)).toEqual(["Netzwerk"]);
    expect(result.categories.map((c) => c.name)).toEqual(["VPN-Netz"]);
    const mail = await namedStructure(t.db, cat, "ai");
    expect(mail.areas).toEqual([]);
    expect(mail.categories.map((c) => c.name)).toEqual(["Mail"]);
  });

  it("a quoted term is searched without its quotes", async () => {
    const result = await namedStructure(t.db, cat, '"netz"');
    expect(result.areas.map((a) => a.name)).toEqual(["Netzwerk"]);
    expect(result.categories.map((c) => c.name)).toEqual(["VPN-Netz"]);
    const exact = await namedStructure(t.db, cat, ' "WLAN" ');
    expect(exact.categories.map((c) => c.id)).toEqual([catWlan]);
  });

  it("wildcards in the term are literal", async () => {
    expect(await namedStructure(t.db, cat, "%")).toEqual({ areas: [], categories: [] });
    expect(await namedStructure(t.db, cat, "_")).toEqual({ areas: [], categories: [] });
  });

  it("never lists areas or categories of other catalogues", async () => {
    const result = await namedStructure(t.db, cat, "fremd");
    expect(result).toEqual({ areas: [], categories: [] });
  });

  it("ignores the case of umlauts in names", async () => {
    const local = await make.catalogue({ title: "Umlaut-Namen" });
    await make.area(local, { name: "Öffentliche Dienste" });
    await make.category(local, { service_area_id: null, name: "Übergreifend" });
    const result = await namedStructure(t.db, local, "öffentlich");
    expect(result.areas.map((a) => a.name)).toEqual(["Öffentliche Dienste"]);
    expect((await namedStructure(t.db, local, "ÜBER")).categories.map((c) => c.name)).toEqual(["Übergreifend"]);
  });
});

describe("names and counts from an unfiltered structure", () => {
  it("equal what namedStructure and catalogueCounts read from the database", async () => {
    const cat = await make.catalogue({ title: "Abgeleitet" });
    const late = await make.area(cat, { name: "Zuletzt", position: 2 });
    const early = await make.area(cat, { name: "Zuerst", position: 1 });
    // Category positions interleave across areas; one category has no area.
    const a = await make.category(cat, { service_area_id: late, name: "A spät", position: 0 });
    const b = await make.category(cat, { service_area_id: early, name: "B früh", position: 1 });
    const c = await make.category(cat, { service_area_id: early, name: "C früh", position: 0 });
    const loose = await make.category(cat, { service_area_id: null, name: "Ohne Bereich", position: 0 });
    await make.service(cat, a, { name: "S1" });
    await make.service(cat, b, { name: "S2" });
    await make.service(cat, b, { name: "S3" });
    await make.service(cat, loose, { name: "S4" });
    await make.service(cat, null, { name: "Ohne Kategorie" });
    await make.service(cat, c, { name: "Weg", deleted_at: BINNED });
    await make.area(await make.catalogue({ title: "Nachbar" }), { name: "Fremd", position: 0 });

    const counts = await categoryCounts(t.db, cat, filter());
    const structure = await catalogueStructure(t.db, cat, filter(), counts);
    const named = namedFromStructure(structure);
    expect(named).toEqual(await namedStructure(t.db, cat, ""));
    expect(named.categories.map((x) => x.id)).toEqual([c, b, a, loose]);
    expect(countsFromStructure(structure, counts)).toEqual(await catalogueCounts(t.db, cat));
    expect(countsFromStructure(structure, counts)).toEqual({ services: 5, areas: 2, categories: 4 });
  });
});
