import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "~/modules/access/roles";
import { createSession } from "~/modules/access/session.server";
import { DEFAULT_QUERY, type CatalogueQuery } from "~/modules/catalogue/catalogue-query";
import { COMPLETENESS_FIELDS } from "~/modules/catalogue/completeness";
import { searchServices } from "~/modules/catalogue/service-search.server";
import { dataStamp, memoized } from "~/modules/reports/report-cache.server";
import { reportsLoader } from "~/modules/reports/reports-page.server";
import { parseReportsQuery } from "~/modules/reports/reports-filter";
import { browserLink, cutoffDay } from "~/modules/reports/reports-query";
import { completenessList, completenessSummary, countsByRelation, countsByStatus, missingList, staleList } from "~/modules/reports/reports.server";
import { LIST_FILTERS } from "~/modules/reports/report-lists";
import { sessionCookie } from "~/server/cookies.server";
import type { DB } from "~/server/db/db.server";
import { factories } from "../../factories";
import { useTestDb } from "../../support/test-db";

// Runs on SQLite by default and on Postgres with DATABASE_URL=postgres://…

const t = useTestDb();
const make = factories(() => t.db);
let cat: number;
const ids: Record<string, number> = {};
const s: Record<string, number> = {};

const OLD = "2020-03-01T10:00:00.000Z";
const OLDER = "2019-06-01T10:00:00.000Z";
const RECENT = new Date().toISOString();
const CUTOFF = "2024-01-01";
const ALL = { page: 1, size: null };

beforeAll(async () => {
  cat = await make.catalogue({ title: "Berichte" });
  const other = await make.catalogue({ title: "Anderer" });
  const category = await make.category(cat, { name: "Arbeitsplatz" });
  ids.o1 = await make.owner({ name: "Owner A" });
  ids.o2 = await make.owner({ name: "Owner B" });
  ids.p1 = await make.provider({ name: "Provider A" });
  ids.p2 = await make.provider({ name: "Provider B" });
  ids.k1 = await make.kpi({ name: "Verfügbarkeit", definition: "Anteil der Zeit", calculation: "Uptime / Zeit", measuring_points: "Monitoring" });
  ids.t1 = await make.tag({ name: "Tag A" });
  ids.t2 = await make.tag({ name: "Tag B" });
  // full: every field. half: category, short description, owner, tag (4 of 10; the rest empty in every way the editor and forms leave them).
  s.full = await make.service(cat, category, {
    name: "Voll",
    status: "closed",
    short_description: "<p>Kurz</p>",
    description: "<p>Beschreibung</p>",
    content: `<p>${"Leistungsumfang ".repeat(10)}</p>`,
    advantages: "<p>Vorteil</p>",
    costs: "49 € pro Monat",
    updated_at: RECENT,
    owners: [ids.o1],
    providers: [ids.p1],
    kpis: [ids.k1],
    tags: [ids.t1],
  });
  s.half = await make.service(cat, category, {
    name: "Halb",
    status: "open",
    short_description: "<p>Kurz</p>",
    description: "<p></p>",
    content: null,
    advantages: "<p><br></p>",
    costs: "",
    updated_at: OLD,
    owners: [ids.o1, ids.o2],
    tags: [ids.t1, ids.t2],
  });
  s.bare = await make.service(cat, null, { name: "Bloß", status: "checking", updated_at: OLDER, description: " \n " });
  // Not counted anywhere: binned, or in another catalogue.
  await make.service(cat, category, { name: "Papierkorb", deleted_at: OLD, updated_at: OLD, owners: [ids.o2], providers: [ids.p2], tags: [ids.t2] });
  await make.service(other, null, { name: "Fremd", updated_at: OLD, owners: [ids.o2], providers: [ids.p2] });
});

describe("completeness", () => {
  it("counts, per field, the live services without it; empty markup and blanks count as missing", async () => {
    const summary = await completenessSummary(t.db, cat, CUTOFF);
    expect(summary.total).toBe(3);
    expect(summary.missing).toEqual({
      category: 1,
      short_description: 1,
      description: 2,
      content: 2,
      advantages: 2,
      costs: 2,
      owner: 1,
      provider: 2,
      kpi: 2,
      tag: 1,
    });
    expect(summary.complete).toBe(1);
    // (10 + 4 + 0) of 30 fields.
    expect(summary.averagePercent).toBe(47);
  });

  it("lists services least complete first, with their share and the fields they lack", async () => {
    const list = await completenessList(t.db, cat, 3, { page: 1, size: 2 });
    expect(list.pageCount).toBe(2);
    expect(list.rows.map((r) => [r.name, r.percent])).toEqual([
      ["Bloß", 0],
      ["Halb", 40],
    ]);
    expect(list.rows[0].missing).toEqual([...COMPLETENESS_FIELDS]);
    expect(list.rows[1].missing).toEqual(["description", "content", "advantages", "costs", "provider", "kpi"]);
    const second = await completenessList(t.db, cat, 3, { page: 2, size: 2 });
    expect(second.rows.map((r) => [r.name, r.percent, r.missing])).toEqual([["Voll", 100, []]]);
    expect(second.rows[0].category).toBe("Arbeitsplatz");
  });
});

describe("charts", () => {
  it("counts services per status, every status present", async () => {
    expect(await countsByStatus(t.db, cat)).toEqual([
      { status: "open", count: 1 },
      { status: "checking", count: 1 },
      { status: "closed", count: 1 },
    ]);
  });

  it("counts services per owner, provider and tag (a service counts for each of its own), most first, only used ones", async () => {
    expect(await countsByRelation(t.db, cat, "owner")).toEqual([
      { id: ids.o1, name: "Owner A", count: 2 },
      { id: ids.o2, name: "Owner B", count: 1 },
    ]);
    expect(await countsByRelation(t.db, cat, "provider")).toEqual([{ id: ids.p1, name: "Provider A", count: 1 }]);
    expect(await countsByRelation(t.db, cat, "tag")).toEqual([
      { id: ids.t1, name: "Tag A", count: 2 },
      { id: ids.t2, name: "Tag B", count: 1 },
    ]);
  });
});

describe("stale and unowned", () => {
  it("counts and lists services not changed since the cutoff, oldest first", async () => {
    expect((await completenessSummary(t.db, cat, CUTOFF)).stale).toBe(2);
    expect((await completenessSummary(t.db, cat, "2019-01-01")).stale).toBe(0);
    const list = await staleList(t.db, cat, CUTOFF, 2, ALL);
    expect(list.rows.map((r) => [r.name, r.updated_at])).toEqual([
      ["Bloß", OLDER],
      ["Halb", OLD],
    ]);
  });

  it("lists services without owner and without service level by name", async () => {
    expect((await missingList(t.db, cat, "owner", 1, ALL)).rows.map((r) => r.name)).toEqual(["Bloß"]);
    expect((await missingList(t.db, cat, "kpi", 2, ALL)).rows.map((r) => r.name)).toEqual(["Bloß", "Halb"]);
  });

  it("takes N calendar months back from today in the app's time zone", () => {
    expect(cutoffDay(12, new Date("2026-11-26T10:00:00Z"))).toBe("2025-11-26");
    expect(cutoffDay(1, new Date("2026-03-31T10:00:00Z"))).toBe("2026-02-28");
    // 23:30 UTC on 31 Dec is already 1 Jan in Berlin.
    expect(cutoffDay(12, new Date("2026-12-31T23:30:00Z"))).toBe("2026-01-01");
  });
});

describe("every figure is the browser's filter", () => {
  const browserCount = (filter: Partial<CatalogueQuery>) => searchServices(t.db, cat, { ...DEFAULT_QUERY, ...filter }, { pageSize: 100 });

  it("missing fields, owners, providers, tags, statuses and 'not changed since' count the same services in both", async () => {
    const summary = await completenessSummary(t.db, cat, CUTOFF);
    for (const field of COMPLETENESS_FIELDS) expect((await browserCount({ missing: [field] })).total, field).toBe(summary.missing[field]);
    for (const row of await countsByRelation(t.db, cat, "owner")) expect((await browserCount({ owners: [row.id] })).total).toBe(row.count);
    for (const row of await countsByRelation(t.db, cat, "provider")) expect((await browserCount({ providers: [row.id] })).total).toBe(row.count);
    for (const row of await countsByRelation(t.db, cat, "tag")) expect((await browserCount({ tags: [row.id] })).total).toBe(row.count);
    for (const row of await countsByStatus(t.db, cat)) expect((await browserCount({ statuses: [row.status] })).total).toBe(row.count);
    const stale = await browserCount(LIST_FILTERS.stale(CUTOFF));
    expect(stale.rows.map((r) => r.name)).toEqual(["Bloß", "Halb"]);
  });
});

describe("the page: every role that reads the catalogue sees the same figures", () => {
  async function load(role: Role) {
    const user = await make.user(role);
    const cookie = (await sessionCookie.serialize(await createSession(t.db, user.id, "vitest"))).split(";")[0];
    const g = globalThis as unknown as { __servicehubDb?: DB };
    const previous = g.__servicehubDb;
    g.__servicehubDb = t.db;
    try {
      const request = new Request(`http://test.local/reports?catalogue=${cat}&months=12`, { headers: { cookie } });
      return await reportsLoader({ request, params: {}, context: {} });
    } finally {
      g.__servicehubDb = previous;
    }
  }

  it.each<Role>(["client", "user", "keyuser", "admin", "keysuperuser", "superadmin"])("%s", async (role) => {
    const data = await load(role);
    expect(data.catalogueId).toBe(cat);
    expect(data.summary.total).toBe(3);
    expect(data.owners.map((o) => o.count)).toEqual([2, 1]);
    expect(data.completeness.rows.map((r) => r.name)).toEqual(["Bloß", "Halb", "Voll"]);
  });

  it("sends a visitor without a session to the sign-in page", async () => {
    const request = new Request(`http://test.local/reports?catalogue=${cat}`);
    const thrown = await reportsLoader({ request, params: {}, context: {} }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("parseReportsQuery", () => {
  it("reads catalogue, N, delimiter and each list's page; a wrong value is named and its default used", () => {
    const ok = parseReportsQuery(new URLSearchParams("catalogue=4&months=6&sep=comma&cpage=2&spage=3&opage=x&kpage=-1"));
    expect(ok).toEqual({ query: { catalogue: 4, months: 6, sep: "comma", stage: null, pages: { completeness: 2, stale: 3, unowned: 1, nolevel: 1 } }, errors: {} });
    // The lifecycle stage (issue 36 §2): one of the three, else every stage.
    expect(parseReportsQuery(new URLSearchParams("stage=retired")).query.stage).toBe("retired");
    expect(parseReportsQuery(new URLSearchParams("stage=gone")).query.stage).toBeNull();
    const bad = parseReportsQuery(new URLSearchParams("catalogue=abc&months=121&sep=tab"));
    expect(bad.query).toMatchObject({ catalogue: null, months: 12, sep: null });
    expect(bad.errors).toEqual({ catalogue: "reports.errors.catalogue", months: "reports.errors.months", sep: "reports.errors.sep" });
    expect(parseReportsQuery(new URLSearchParams("months=2.5")).errors).toEqual({ months: "reports.errors.months" });
    expect(parseReportsQuery(new URLSearchParams("")).query.months).toBe(12);
  });

  it("links a figure to the browser's list of that catalogue", () => {
    expect(browserLink(7, { missing: ["owner"] })).toBe("/servicecatalog?view=0&missing=owner&catalogue=7");
    expect(browserLink(7, { unchanged: "2025-11-26", sort: "editDate", dir: "asc" })).toBe("/servicecatalog?view=0&unchanged=2025-11-26&sort=editDate&dir=asc&catalogue=7");
  });
});

describe("the memo", () => {
  it("reuses a result while nothing was written, and computes again after any write", async () => {
    let runs = 0;
    const compute = async () => ++runs;
    const stamp = await dataStamp(t.db);
    expect(stamp).not.toBeNull();
    expect(await memoized(t.db, "k", compute)).toBe(1);
    expect(await memoized(t.db, "k", compute)).toBe(1);
    await make.tag();
    expect(await memoized(t.db, "k", compute)).toBe(2);
    expect(await memoized(t.db, "other", compute)).toBe(3);
  });
});
