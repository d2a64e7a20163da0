import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_QUERY, type CatalogueQuery } from "~/modules/catalogue/catalogue-query";
import { isPostgresDb } from "~/server/db-helpers.server";
import { SEARCH_FIELDS, SERVICE_PAGE_SIZE, categoryCounts, searchServices, suggestServices } from "~/modules/catalogue/service-search.server";
import { factories } from "../../factories";
import { useTestDb } from "../../support/test-db";

// Runs on SQLite by default and on Postgres with DATABASE_URL=postgres://…

type SearchQuery = Parameters<typeof searchServices>[2];

const t = useTestDb();
const make = factories(() => t.db);

function query(change: Partial<CatalogueQuery> = {}): SearchQuery {
  return { ...DEFAULT_QUERY, ...change };
}

/** Ids of all matching services (one big page), sorted numerically. */
async function found(catalogueId: number, change: Partial<CatalogueQuery> = {}, opts: { forceScan?: boolean } = {}) {
  const { rows } = await searchServices(t.db, catalogueId, query(change), { pageSize: 10_000, ...opts });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** The same search through the scan path and the default path; both must agree. */
async function foundBothPaths(catalogueId: number, q: string) {
  const [scan, indexed] = await Promise.all([found(catalogueId, { q }, { forceScan: true }), found(catalogueId, { q })]);
  return { scan, indexed };
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe("searchServices: the search term", () => {
  let cat: number;
  let other: number;
  let category: number;
  /** field → service holding that field's markers */
  const byField = new Map<string, number>();
  let binned: number;
  let exactA: number;
  let exactB: number;

  beforeAll(async () => {
    cat = await make.catalogue({ title: "Suche" });
    other = await make.catalogue({ title: "Anderer Katalog" });
    category = await make.category(cat, { service_area_id: null, name: "Suchkategorie" });
    for (const [i, field] of SEARCH_FIELDS.entries()) {
      // Q<digit> is a two-letter marker (scan path), ZebraN<digit>Feld a long one (index path); mixed case.
      const marker = `xx Q${i} ZebraN${i}Feld yy`;
      const id =
        field === "name"
          ? await make.service(cat, category, { name: `Dienst ${marker}` })
          : await make.service(cat, category, { name: `Dienst ${String.fromCharCode(65 + i)}`, [field]: marker });
      byField.set(field, id);
    }
    binned = await make.service(cat, category, { name: "Gelöscht Q0 ZebraN0Feld", description: "ZebraN3Feld Q3", deleted_at: "2025-01-01T00:00:00.000Z" });
    // The other catalogue holds the same markers; it never shows up.
    await make.service(other, null, { name: "Fremd Q0 ZebraN0Feld", content: "ZebraN1Feld Q1 ZebraN2Feld Q2" });
    exactA = await make.service(cat, category, { name: "Mail Service" });
    exactB = await make.service(cat, category, { name: "Mail Service Plus" });
    await make.service(cat, category, { name: "Großer Mail Service" });
  });

  it("finds each of the eight fields with a long term (index path), case-insensitively", async () => {
    for (const [i, field] of SEARCH_FIELDS.entries()) {
      const expected = [byField.get(field)!];
      expect(await found(cat, { q: `zebran${i}feld` }), field).toEqual(expected);
      expect(await found(cat, { q: `ZEBRAN${i}FELD` }), field).toEqual(expected);
      expect(await found(cat, { q: `  ZebraN${i}Feld ` }), field).toEqual(expected);
    }
  });

  it("finds each of the eight fields with a two-letter term (scan path), case-insensitively", async () => {
    for (const [i, field] of SEARCH_FIELDS.entries()) {
      expect(await found(cat, { q: `q${i}` }), field).toEqual([byField.get(field)!]);
      expect(await found(cat, { q: `Q${i}` }), field).toEqual([byField.get(field)!]);
    }
  });

  it("a one-letter term is a substring search too", async () => {
    // "Q" appears in the markers of the eight field services only (names are "Dienst …", "Mail Service …").
    expect(await found(cat, { q: "q" })).toEqual(sorted([...byField.values()]));
  });

  it("a term spanning several words inside one field matches", async () => {
    expect(await found(cat, { q: "xx q4 zebra" })).toEqual([byField.get(SEARCH_FIELDS[4])!]);
  });

  it("the scan path and the index path return the same services for the same terms", async () => {
    for (const [i] of SEARCH_FIELDS.entries()) {
      for (const q of [`zebran${i}feld`, `ZebraN${i}`, `n${i}f`, `Q${i} Z`, `q${i}`]) {
        const { scan, indexed } = await foundBothPaths(cat, q);
        expect(indexed, q).toEqual(scan);
      }
    }
    for (const q of ["dienst", "mail service", "xx", "feld yy", "nicht vorhanden"]) {
      const { scan, indexed } = await foundBothPaths(cat, q);
      expect(indexed, q).toEqual(scan);
    }
  });

  it("binned services and services of other catalogues never match", async () => {
    for (const q of ["zebran0feld", "q0", "ZebraN3Feld", "q1", '"Gelöscht Q0 ZebraN0Feld"', '"Fremd Q0 ZebraN0Feld"']) {
      const ids = await found(cat, { q });
      expect(ids, q).not.toContain(binned);
      expect(ids.every((id) => [...byField.values(), exactA, exactB].includes(id)), q).toBe(true);
    }
    expect(await found(cat, { q: '"Gelöscht Q0 ZebraN0Feld"' })).toEqual([]);
    expect(await found(cat, { q: "fremd" })).toEqual([]);
  });

  it("a quoted term matches the name exactly and case-insensitively, not as a substring", async () => {
    expect(await found(cat, { q: '"Mail Service"' })).toEqual([exactA]);
    expect(await found(cat, { q: '"mail service"' })).toEqual([exactA]);
    expect(await found(cat, { q: '  " MAIL SERVICE "  ' })).toEqual([exactA]);
    expect(await found(cat, { q: '"Mail Service Plus"' })).toEqual([exactB]);
    expect(await found(cat, { q: '"Mail"' })).toEqual([]);
    // The exact match is on the name only, not on the other fields.
    expect(await found(cat, { q: `"xx Q3 ZebraN3Feld yy"` })).toEqual([]);
    expect(await found(cat, { q: `"Dienst xx Q0 ZebraN0Feld yy"` })).toEqual([byField.get("name")!]);
  });

  it("a service is found by any of its languages (issue 37 §4): every path, and the exact name", async () => {
    const translated = await make.service(cat, category, { name: "Drucken Sprachtest" });
    await t.db
      .insertInto("content_translations")
      .values([
        { subject_type: "service", subject_id: translated, field: "name", language: "en", value: "Printing Languagetest", source_hash: "x", source_value: "Drucken Sprachtest" },
        { subject_type: "service", subject_id: translated, field: "description", language: "en", value: "<p>Color prints on Wombatpaper</p>", source_hash: "x", source_value: "" },
      ])
      .execute();
    for (const q of ["wombatpaper", "WOMBATPAPER", "languagetest", "Pri"]) {
      const { scan, indexed } = await foundBothPaths(cat, q);
      expect(indexed, q).toEqual([translated]);
      expect(scan, q).toEqual([translated]);
    }
    expect(await found(cat, { q: '"printing languagetest"' })).toEqual([translated]);
    expect(await found(cat, { q: '"Color prints on Wombatpaper"' })).toEqual([]);
  });

  it('empty quotes ("") do not restrict; an unbalanced quote is a substring search', async () => {
    const all = await found(cat);
    expect(await found(cat, { q: '""' })).toEqual(all);
    expect(await found(cat, { q: '"  "' })).toEqual(all);
    expect(await found(cat, { q: '"Mail Serv' })).toEqual([]);
  });
});

describe("searchServices: special characters and HTML", () => {
  let cat: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    cat = await make.catalogue({ title: "Sonderzeichen" });
    const c = await make.category(cat, { service_area_id: null, name: "Sonder" });
    ids.percent = await make.service(cat, c, { name: "Rabatt 50% sofort" });
    ids.fifty = await make.service(cat, c, { name: "Rabatt 500 sofort" });
    ids.underscore = await make.service(cat, c, { name: "Datei", art_nr: "file_name_01" });
    ids.noUnderscore = await make.service(cat, c, { name: "Datei zwei", art_nr: "fileXname" });
    ids.quote = await make.service(cat, c, { name: "Zitat", description: 'Er sagte "Hallo Welt" laut' });
    ids.backslash = await make.service(cat, c, { name: "Pfad", user: "C:\\temp\\daten" });
    ids.html = await make.service(cat, c, { name: "Sicherung", content: "<p>Die <strong>Nachtsicherung</strong> läuft um <em>22 Uhr</em>.</p><ul><li>Band</li></ul>",
      advantages: "<p>Mail &amp; Kalender</p>", });
    ids.star = await make.service(cat, c, { name: "Stern", booking: "Bestellung* per (Formular) OR Portal" });
  });

  it("% and _ in the term are literal characters, not wildcards", async () => {
    for (const opts of [{}, { forceScan: true }]) {
      expect(await found(cat, { q: "50%" }, opts)).toEqual([ids.percent]);
      expect(await found(cat, { q: "0%" }, opts)).toEqual([ids.percent]);
      expect(await found(cat, { q: "%" }, opts)).toEqual([ids.percent]);
      expect(await found(cat, { q: "e_n" }, opts)).toEqual([ids.underscore]);
      expect(await found(cat, { q: "_" }, opts)).toEqual([ids.underscore]);
      expect(await found(cat, { q: "file_name" }, opts)).toEqual([ids.underscore]);
    }
  });

  it("double quotes inside a term are searched literally", async () => {
    for (const opts of [{}, { forceScan: true }]) {
      expect(await found(cat, { q: 'sagte "hallo' }, opts)).toEqual([ids.quote]);
      expect(await found(cat, { q: '"Hallo Welt" laut' }, opts)).toEqual([ids.quote]);
      expect(await found(cat, { q: 'welt"' }, opts)).toEqual([ids.quote]);
      expect(await found(cat, { q: '"h' }, opts)).toEqual([ids.quote]);
    }
  });

  it("backslashes and FTS operator characters are searched literally", async () => {
    for (const opts of [{}, { forceScan: true }]) {
      expect(await found(cat, { q: "c:\\temp" }, opts)).toEqual([ids.backslash]);
      expect(await found(cat, { q: "\\d" }, opts)).toEqual([ids.backslash]);
      expect(await found(cat, { q: "bestellung*" }, opts)).toEqual([ids.star]);
      expect(await found(cat, { q: "(formular) or" }, opts)).toEqual([ids.star]);
      expect(await found(cat, { q: "NEAR(" }, opts)).toEqual([]);
    }
  });

  it("finds text inside HTML fields", async () => {
    for (const opts of [{}, { forceScan: true }]) {
      expect(await found(cat, { q: "nachtsicherung" }, opts)).toEqual([ids.html]);
      expect(await found(cat, { q: "22 Uhr" }, opts)).toEqual([ids.html]);
      expect(await found(cat, { q: "band" }, opts)).toEqual([ids.html]);
    }
  });

  it("both paths agree on every term, HTML markup included", async () => {
    for (const q of ["<strong>", "strong>nacht", "mail &amp;", "mail & kalender", "</p>", "läuft", "50% s", "e_n", 'o "h', "temp\\d", "OR Portal"]) {
      const { scan, indexed } = await foundBothPaths(cat, q);
      expect(indexed, q).toEqual(scan);
    }
  });

  it("a term does not match across the border of two fields", async () => {
    const local = await make.catalogue({ title: "Feldgrenzen" });
    const c = await make.category(local, { service_area_id: null, name: "Grenzen" });
    await make.service(local, c, { name: "Grenzfall Anfang", content: "Ende Grenzfall" });
    await make.service(local, c, { name: "Zweiter Fall", short_description: "KurzText", art_nr: "ART-77" });
    for (const q of ["anfang ende", "fang end", "kurztext art-77", "text art"]) {
      expect(await found(local, { q }, { forceScan: true }), `${q} (scan)`).toEqual([]);
      expect(await found(local, { q }), `${q} (index)`).toEqual([]);
    }
  });
});

describe("searchServices: case-insensitivity beyond ASCII (German umlauts)", () => {
  let cat: number;
  let upper: number;
  let lower: number;

  beforeAll(async () => {
    cat = await make.catalogue({ title: "Umlaute" });
    const c = await make.category(cat, { service_area_id: null, name: "Umlaute" });
    upper = await make.service(cat, c, { name: "Übergabe-Service", description: "GRÖSSE der ÄNDERUNG" });
    lower = await make.service(cat, c, { name: "Datenübergabe", content: "kleine änderung" });
  });

  it("substring search ignores the case of umlauts on both paths", async () => {
    for (const q of ["übergabe", "ÜBERGABE", "änderung", "ÄNDERUNG"]) {
      const { scan, indexed } = await foundBothPaths(cat, q);
      expect(indexed, `${q} (index)`).toEqual(sorted([upper, lower]));
      expect(scan, `${q} (scan)`).toEqual(sorted([upper, lower]));
    }
    expect(await found(cat, { q: "üb" }), "üb").toEqual(sorted([upper, lower]));
    expect(await found(cat, { q: "ö" }), "ö").toEqual([upper]);
  });

  it("the exact (quoted) match ignores the case of umlauts", async () => {
    expect(await found(cat, { q: '"übergabe-service"' })).toEqual([upper]);
    expect(await found(cat, { q: '"DATENÜBERGABE"' })).toEqual([lower]);
  });
});

describe("searchServices: filters", () => {
  let cat: number;
  let areaA: number;
  let areaB: number;
  let emptyArea: number;
  let catA1: number;
  let catA2: number;
  let catB1: number;
  const s: Record<string, number> = {};
  let o1: number;
  let o2: number;
  let o3: number;
  let tag1: number;
  let tag2: number;
  let tag3: number;

  beforeAll(async () => {
    cat = await make.catalogue({ title: "Filter" });
    areaA = await make.area(cat, { name: "Bereich A" });
    areaB = await make.area(cat, { name: "Bereich B" });
    emptyArea = await make.area(cat, { name: "Bereich leer" });
    catA1 = await make.category(cat, { service_area_id: areaA, name: "A1" });
    catA2 = await make.category(cat, { service_area_id: areaA, name: "A2" });
    catB1 = await make.category(cat, { service_area_id: areaB, name: "B1" });
    o1 = await make.owner({ name: "Filter Owner 1" });
    o2 = await make.owner({ name: "Filter Owner 2" });
    o3 = await make.owner({ name: "Filter Owner 3" });
    const k1 = await make.kpi({ name: "Filter KPI 1" });
    tag1 = await make.tag({ name: "Filter Tag 1" });
    tag2 = await make.tag({ name: "Filter Tag 2" });
    tag3 = await make.tag({ name: "Filter Tag 3" });

    s.both = await make.service(cat, catA1, { name: "Beide Owner", status: "open", statuspercent: 10, servicetype: "customer", owners: [o1, o2], kpis: [k1], tags: [tag1] });
    s.first = await make.service(cat, catA1, { name: "Owner eins", status: "checking", statuspercent: 57, servicetype: "it", owners: [o1], tags: [tag1, tag2] });
    s.second = await make.service(cat, catA2, { name: "Owner zwei", status: "closed", statuspercent: 100, servicetype: "customer", owners: [o2, o3] });
    s.none = await make.service(cat, catB1, { name: "Ohne Owner", status: "open", statuspercent: 50, servicetype: "it", kpis: [k1] });
    s.loose = await make.service(cat, null, { name: "Ohne Kategorie", status: "checking", statuspercent: 0, servicetype: "customer", tags: [tag2] });
    s.binned = await make.service(cat, catA1, { name: "Im Papierkorb", status: "open", deleted_at: "2025-02-02T00:00:00.000Z", owners: [o1, o2], tags: [tag1, tag2, tag3] });
  });

  it("without filters every live service of the catalogue is listed", async () => {
    expect(await found(cat)).toEqual(sorted([s.both, s.first, s.second, s.none, s.loose]));
  });

  it("owners: a service must have all chosen owners", async () => {
    expect(await found(cat, { owners: [o1, o2] })).toEqual([s.both]);
    expect(await found(cat, { owners: [o1] })).toEqual(sorted([s.both, s.first]));
    expect(await found(cat, { owners: [o2] })).toEqual(sorted([s.both, s.second]));
    expect(await found(cat, { owners: [o1, o3] })).toEqual([]);
    expect(await found(cat, { owners: [o1, o2, o3] })).toEqual([]);
    expect(await found(cat, { owners: [o1, o1] })).toEqual(sorted([s.both, s.first]));
    expect(await found(cat, { owners: [999_999] })).toEqual([]);
  });

  it("status, percent and type match any chosen value", async () => {
    expect(await found(cat, { statuses: ["open"] })).toEqual(sorted([s.both, s.none]));
    expect(await found(cat, { statuses: ["open", "closed"] })).toEqual(sorted([s.both, s.none, s.second]));
    // A progress box is a band of ten: 50 finds 50 and 57; 100 only 100.
    expect(await found(cat, { percents: [50] })).toEqual(sorted([s.first, s.none]));
    expect(await found(cat, { percents: [10] })).toEqual([s.both]);
    expect(await found(cat, { percents: [0, 100] })).toEqual(sorted([s.loose, s.second]));
    expect(await found(cat, { percents: [75] })).toEqual([]);
    expect(await found(cat, { types: ["it"] })).toEqual(sorted([s.first, s.none]));
    expect(await found(cat, { types: ["it", "customer"] })).toEqual(sorted([s.both, s.first, s.second, s.none, s.loose]));
  });

  it("tags match any chosen tag, without listing a service twice", async () => {
    expect(await found(cat, { tags: [tag1] })).toEqual(sorted([s.both, s.first]));
    expect(await found(cat, { tags: [tag1, tag2] })).toEqual(sorted([s.both, s.first, s.loose]));
    expect(await found(cat, { tags: [tag3] })).toEqual([]);
    const { rows, total } = await searchServices(t.db, cat, query({ tags: [tag1, tag2] }));
    expect(total).toBe(3);
    expect(rows).toHaveLength(3);
  });

  it("filters combine with AND", async () => {
    expect(await found(cat, { owners: [o1], statuses: ["checking"] })).toEqual([s.first]);
    expect(await found(cat, { tags: [tag2], types: ["customer"] })).toEqual([s.loose]);
    expect(await found(cat, { q: "owner", statuses: ["open"] })).toEqual(sorted([s.both, s.none]));
  });

  it("categories: services of the chosen categories; a filter containing -1 yields nothing", async () => {
    expect(await found(cat, { categories: [catA1] })).toEqual(sorted([s.both, s.first]));
    expect(await found(cat, { categories: [catA1, catB1] })).toEqual(sorted([s.both, s.first, s.none]));
    expect(await found(cat, { categories: [-1] })).toEqual([]);
    expect(await found(cat, { categories: [catA1, -1] })).toEqual([]);
  });

  it("areas: the services of the areas' categories; an area without categories yields nothing", async () => {
    expect(await found(cat, { areas: [areaA] })).toEqual(sorted([s.both, s.first, s.second]));
    expect(await found(cat, { areas: [areaB] })).toEqual([s.none]);
    expect(await found(cat, { areas: [areaA, areaB] })).toEqual(sorted([s.both, s.first, s.second, s.none]));
    expect(await found(cat, { areas: [emptyArea] })).toEqual([]);
    expect(await found(cat, { areas: [999_999] })).toEqual([]);
  });

  it("areas and categories intersect", async () => {
    expect(await found(cat, { areas: [areaA], categories: [catA2, catB1] })).toEqual([s.second]);
    expect(await found(cat, { areas: [areaB], categories: [catA1] })).toEqual([]);
  });

  it("missing=owner and missing=kpi list services without owner / without KPI", async () => {
    expect(await found(cat, { missing: ["owner"] })).toEqual(sorted([s.none, s.loose]));
    expect(await found(cat, { missing: ["kpi"] })).toEqual(sorted([s.first, s.second, s.loose]));
    expect(await found(cat, { missing: ["owner", "kpi"] })).toEqual([s.loose]);
  });

  it("rows carry their category and area", async () => {
    const { rows } = await searchServices(t.db, cat, query({ categories: [catA2] }));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: s.second, name: "Owner zwei", category_id: catA2, category_name: "A2", area_id: areaA, area_name: "Bereich A", status: "closed", statuspercent: 100, servicetype: "customer" });
    const loose = (await searchServices(t.db, cat, query({ q: '"Ohne Kategorie"' }))).rows;
    expect(loose).toHaveLength(1);
    expect(loose[0]).toMatchObject({ id: s.loose, category_id: null, category_name: null, area_id: null, area_name: null });
  });
});

describe("searchServices: sorting", () => {
  let cat: number;
  const s: Record<string, number> = {};

  beforeAll(async () => {
    cat = await make.catalogue({ title: "Sortierung" });
    const later = await make.category(cat, { service_area_id: null, name: "Zweite Kategorie", position: 2 });
    const first = await make.category(cat, { service_area_id: null, name: "Erste Kategorie", position: 1 });
    // name, category, position, created, updated
    const specs: [string, number, number, string, string][] = [
      ["beta", first, 1, "2024-01-03T00:00:00.000Z", "2024-02-01T00:00:00.000Z"],
      ["Alpha", first, 0, "2024-01-05T00:00:00.000Z", "2024-02-04T00:00:00.000Z"],
      ["gamma", later, 0, "2024-01-01T00:00:00.000Z", "2024-02-05T00:00:00.000Z"],
      ["Delta", later, 2, "2024-01-04T00:00:00.000Z", "2024-02-02T00:00:00.000Z"],
      ["epsilon", later, 1, "2024-01-02T00:00:00.000Z", "2024-02-03T00:00:00.000Z"],
    ];
    for (const [name, category, position, created_at, updated_at] of specs) s[name] = await make.service(cat, category, { name: name, position, created_at, updated_at });
  });

  async function names(sort: CatalogueQuery["sort"], dir: CatalogueQuery["dir"]) {
    const { rows } = await searchServices(t.db, cat, query({ sort, dir }));
    return rows.map((r) => r.name);
  }

  it("position: categories in their order, services in theirs; descending reverses both", async () => {
    expect(await names("position", "asc")).toEqual(["Alpha", "beta", "gamma", "epsilon", "Delta"]);
    expect(await names("position", "desc")).toEqual(["Delta", "epsilon", "gamma", "beta", "Alpha"]);
  });

  it("the default order is position, descending", async () => {
    const { rows } = await searchServices(t.db, cat, query());
    expect(rows.map((r) => r.name)).toEqual(await names("position", "desc"));
  });

  it("createDate ascending and descending", async () => {
    expect(await names("createDate", "asc")).toEqual(["gamma", "epsilon", "beta", "Delta", "Alpha"]);
    expect(await names("createDate", "desc")).toEqual(["Alpha", "Delta", "beta", "epsilon", "gamma"]);
  });

  it("editDate ascending and descending", async () => {
    expect(await names("editDate", "asc")).toEqual(["beta", "Delta", "epsilon", "Alpha", "gamma"]);
    expect(await names("editDate", "desc")).toEqual(["gamma", "Alpha", "epsilon", "Delta", "beta"]);
  });

  it("alphabet ignores case, ascending and descending", async () => {
    expect(await names("alphabet", "asc")).toEqual(["Alpha", "beta", "Delta", "epsilon", "gamma"]);
    expect(await names("alphabet", "desc")).toEqual(["gamma", "epsilon", "Delta", "beta", "Alpha"]);
  });

  it("ties are broken by id in the chosen direction, so the order is stable", async () => {
    const local = await make.catalogue({ title: "Gleichstand" });
    const c = await make.category(local, { service_area_id: null, name: "Gleich" });
    const same = { position: 0, created_at: "2024-03-01T00:00:00.000Z", updated_at: "2024-03-01T00:00:00.000Z" };
    const a = await make.service(local, c, { name: "Echo", ...same });
    const b = await make.service(local, c, { name: "echo", ...same });
    const d = await make.service(local, c, { name: "ECHO", ...same });
    for (const sort of ["position", "createDate", "editDate", "alphabet"] as const) {
      const asc = (await searchServices(t.db, local, query({ sort, dir: "asc" }))).rows.map((r) => r.id);
      const desc = (await searchServices(t.db, local, query({ sort, dir: "desc" }))).rows.map((r) => r.id);
      expect(asc, sort).toEqual([a, b, d]);
      expect(desc, sort).toEqual([d, b, a]);
    }
  });
});

describe("searchServices: pagination", () => {
  let cat: number;
  const total = 2 * SERVICE_PAGE_SIZE + 20;

  beforeAll(async () => {
    cat = await make.catalogue({ title: "Seiten" });
    const c = await make.category(cat, { service_area_id: null, name: "Viele" });
    for (let i = 0; i < total; i++) await make.service(cat, c, { name: `Seite ${String(i).padStart(3, "0")}`, position: i });
    await make.service(cat, c, { name: "Papierkorb", deleted_at: "2025-01-01T00:00:00.000Z" });
  });

  it("pages hold 50 services; the last page the rest; together every service exactly once", async () => {
    expect(SERVICE_PAGE_SIZE).toBe(50);
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const result = await searchServices(t.db, cat, query({ page, sort: "alphabet", dir: "asc" }));
      expect(result.total).toBe(total);
      expect(result.pageCount).toBe(3);
      expect(result.page).toBe(page);
      expect(result.rows).toHaveLength(page < 3 ? 50 : 20);
      seen.push(...result.rows.map((r) => r.name));
    }
    expect(seen).toEqual(Array.from({ length: total }, (_, i) => `Seite ${String(i).padStart(3, "0")}`));
  });

  it("a page beyond the last shows the last page", async () => {
    const result = await searchServices(t.db, cat, query({ page: 99, sort: "alphabet", dir: "asc" }));
    expect(result.page).toBe(3);
    expect(result.rows).toHaveLength(20);
    expect(result.rows[0].name).toBe("Seite 100");
  });

  it("an empty result is one empty page", async () => {
    const result = await searchServices(t.db, cat, query({ q: "gibt es nicht", page: 4 }));
    expect(result).toMatchObject({ total: 0, page: 1, pageCount: 1, rows: [] });
  });

  it("the total counts filtered services only", async () => {
    const result = await searchServices(t.db, cat, query({ q: "seite 01" }));
    expect(result.total).toBe(10);
    expect(result.pageCount).toBe(1);
  });
});

describe("searchServices with precomputed category counts (the browser's path)", () => {
  let cat: number;
  const statuses = ["open", "checking", "closed"] as const;

  beforeAll(async () => {
    // Uneven categories (positions with gaps and a tie broken by id), services without category,
    // a binned service, so pages start and end inside categories and span several of them.
    cat = await make.catalogue({ title: "Kategorienweise" });
    const cats = [await make.category(cat, { service_area_id: null, name: "C", position: 5 }), await make.category(cat, { service_area_id: null, name: "A", position: 1 }), await make.category(cat, { service_area_id: null, name: "B", position: 1 }), await make.category(cat, { service_area_id: null, name: "Leer", position: 3 })];
    const sizes = [57, 3, 70];
    for (let k = 0; k < sizes.length; k++) {
      for (let i = 0; i < sizes[k]; i++) await make.service(cat, cats[k], { name: `K${k} Dienst ${i}`, position: (i * 7) % sizes[k], status: statuses[i % 3] });
    }
    for (let i = 0; i < 12; i++) await make.service(cat, null, { name: `Ohne ${i}`, position: i % 4, status: statuses[i % 3] });
    await make.service(cat, cats[0], { name: "K0 Gelöscht", deleted_at: "2025-01-01T00:00:00.000Z" });
  });

  it("every page equals the one found by sorting all matches, in both directions and with filters", async () => {
    for (const filter of [{}, { statuses: ["checking" as const] }, { q: "Dienst 1" }]) {
      for (const dir of ["asc", "desc"] as const) {
        const counts = await categoryCounts(t.db, cat, query(filter));
        for (let page = 1; page <= 4; page++) {
          const q = query({ ...filter, dir, page });
          const walked = await searchServices(t.db, cat, q, { counts });
          const sorted = await searchServices(t.db, cat, q);
          expect(walked, `${JSON.stringify(filter)} ${dir} page ${page}`).toEqual(sorted);
        }
      }
    }
  });

  it("the counts give the total: binned services are not counted", async () => {
    const counts = await categoryCounts(t.db, cat, query());
    expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(57 + 3 + 70 + 12);
    expect(counts.get(null)).toBe(12);
    expect((await searchServices(t.db, cat, query(), { counts })).total).toBe(142);
  });
});

describe("suggestServices", () => {
  let cat: number;

  beforeAll(async () => {
    cat = await make.catalogue({ title: "Vorschläge" });
    const c = await make.category(cat, { service_area_id: null, name: "Vorschlag" });
    for (const name of ["Druck", "Drucker", "Druckerei-Service", "Netzwerkdrucker", "Drucken mobil", "3D-Druck", "Plotter"]) await make.service(cat, c, { name });
    for (let i = 0; i < 12; i++) await make.service(cat, c, { name: `Druckauftrag Nummer ${String(i).padStart(2, "0")}` });
    await make.service(cat, c, { name: "Dru", deleted_at: "2025-01-01T00:00:00.000Z" });
    await make.service(cat, c, { name: "Scanner", description: "druck und scan" });
    const other = await make.catalogue({ title: "Fremde Vorschläge" });
    await make.service(other, null, { name: "Dr" });
  });

  it("lists at most 10 services whose name contains the term, shortest name first", async () => {
    const rows = await suggestServices(t.db, cat, "druck");
    expect(rows).toHaveLength(10);
    expect(rows.slice(0, 6).map((r) => r.name)).toEqual(["Druck", "Drucker", "3D-Druck", "Drucken mobil", "Netzwerkdrucker", "Druckerei-Service"]);
    const lengths = rows.map((r) => r.name.length);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    expect(rows.every((r) => r.name.toLowerCase().includes("druck"))).toBe(true);
  });

  it("honours a smaller limit", async () => {
    expect((await suggestServices(t.db, cat, "DRUCK", 3)).map((r) => r.name)).toEqual(["Druck", "Drucker", "3D-Druck"]);
  });

  it("matches the name only, not the other fields, and excludes binned services and other catalogues", async () => {
    const names = (await suggestServices(t.db, cat, "dr", 100)).map((r) => r.name);
    expect(names).not.toContain("Scanner");
    expect(names).not.toContain("Dru");
    expect(names).not.toContain("Dr");
    expect(names).toContain("Druck");
    expect(names).toHaveLength(6 + 12);
  });

  it("needs at least two characters and ignores surrounding quotes", async () => {
    expect(await suggestServices(t.db, cat, "d")).toEqual([]);
    expect(await suggestServices(t.db, cat, "  ")).toEqual([]);
    expect((await suggestServices(t.db, cat, '"Plotter"')).map((r) => r.name)).toEqual(["Plotter"]);
    expect((await suggestServices(t.db, cat, '"plot')).map((r) => r.name)).toEqual(["Plotter"]);
  });
});

describe("the search index follows changes to services", () => {
  let cat: number;
  let c: number;

  beforeAll(async () => {
    cat = await make.catalogue({ title: "Index" });
    c = await make.category(cat, { service_area_id: null, name: "Index" });
  });

  async function checkFtsIntegrity() {
    if (isPostgresDb(t.db)) return;
    await sql`insert into services_fts(services_fts, rank) values ('integrity-check', 1)`.execute(t.db);
    await sql`insert into services_name_fts(services_name_fts, rank) values ('integrity-check', 1)`.execute(t.db);
  }

  it("suggestions follow a renamed, a new and a deleted service", async () => {
    const id = await make.service(cat, c, { name: "Altname Vorschlagsdienst" });
    expect((await suggestServices(t.db, cat, "vorschlagsdienst")).map((r) => r.id)).toEqual([id]);
    await t.db.updateTable("services").set({ name: "Neuname Anregungsdienst" }).where("id", "=", id).execute();
    expect(await suggestServices(t.db, cat, "vorschlagsdienst")).toEqual([]);
    expect((await suggestServices(t.db, cat, "anregungsdienst")).map((r) => r.id)).toEqual([id]);
    await t.db.deleteFrom("services").where("id", "=", id).execute();
    expect(await suggestServices(t.db, cat, "anregungsdienst")).toEqual([]);
    await checkFtsIntegrity();
  });

  it("an updated field is found by its new words and no longer by its old ones", async () => {
    const id = await make.service(cat, c, { name: "Wandelbar", description: "Altwort im Text", booking: "Buchung alt" });
    expect(await found(cat, { q: "altwort" })).toEqual([id]);
    await t.db.updateTable("services").set({ description: "Neuwort im Text" }).where("id", "=", id).execute();
    for (const opts of [{}, { forceScan: true }]) {
      expect(await found(cat, { q: "altwort" }, opts)).toEqual([]);
      expect(await found(cat, { q: "neuwort" }, opts)).toEqual([id]);
      // Untouched fields of the same service are still found.
      expect(await found(cat, { q: "buchung alt" }, opts)).toEqual([id]);
    }
    await t.db.updateTable("services").set({ name: "Umbenannt", booking: null }).where("id", "=", id).execute();
    expect(await found(cat, { q: "wandelbar" })).toEqual([]);
    expect(await found(cat, { q: "umbenannt" })).toEqual([id]);
    expect(await found(cat, { q: "buchung alt" })).toEqual([]);
    expect((await suggestServices(t.db, cat, "umbenan")).map((r) => r.id)).toEqual([id]);
    await checkFtsIntegrity();
  });

  it("updating other columns keeps the service findable", async () => {
    const id = await make.service(cat, c, { name: "Statuswechsel", content: "Bleibtfindbar" });
    await t.db.updateTable("services").set({ status: "closed", position: 3 }).where("id", "=", id).execute();
    expect(await found(cat, { q: "bleibtfindbar" })).toEqual([id]);
    await checkFtsIntegrity();
  });

  it("a deleted service row disappears from the search and leaves the index consistent", async () => {
    const id = await make.service(cat, c, { name: "Wegwerfdienst", content: "Einmalwort" });
    expect(await found(cat, { q: "einmalwort" })).toEqual([id]);
    await t.db.deleteFrom("services").where("id", "=", id).execute();
    expect(await found(cat, { q: "einmalwort" })).toEqual([]);
    expect(await found(cat, { q: "wegwerf" })).toEqual([]);
    await checkFtsIntegrity();
    // A new service with the same words is found (and only it).
    const again = await make.service(cat, c, { name: "Wegwerfdienst", content: "Einmalwort" });
    expect(await found(cat, { q: "einmalwort" })).toEqual([again]);
  });

  it("binning a service hides it; restoring it makes it findable again", async () => {
    const id = await make.service(cat, c, { name: "Papierkorbdienst" });
    await t.db.updateTable("services").set({ deleted_at: "2025-03-03T00:00:00.000Z" }).where("id", "=", id).execute();
    expect(await found(cat, { q: "papierkorbdienst" })).toEqual([]);
    expect(await suggestServices(t.db, cat, "papierkorb")).toEqual([]);
    await t.db.updateTable("services").set({ deleted_at: null }).where("id", "=", id).execute();
    expect(await found(cat, { q: "papierkorbdienst" })).toEqual([id]);
  });
});
