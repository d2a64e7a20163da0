import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_QUERY } from "~/modules/catalogue/catalogue-query";
import { serviceFilterConditions } from "~/modules/catalogue/service-search.server";
import { KPI_NAMES, OWNER_NAMES, RARE_TERMS, TAG_NAMES, createRng, generateCatalogue, parseArgs, type GenerateResult } from "../../../scripts/gen-catalogue";
import { useTestDb } from "../../support/test-db";

// Runs on SQLite by default and on Postgres with DATABASE_URL=postgres://…

const t = useTestDb();
let first: GenerateResult;

beforeAll(async () => {
  first = await generateCatalogue(t.db, { services: 200, seed: 7, catalogueTitle: "Gen A", chunkSize: 64 });
});

/** The generated services of a catalogue, independent of ids: what the seed determines. */
async function snapshot(catalogueId: number) {
  const rows = await t.db
    .selectFrom("services as s")
    .innerJoin("service_categories as c", "c.id", "s.category_id")
    .innerJoin("service_areas as a", "a.id", "c.service_area_id")
    .select([
      "s.id",
      "s.name",
      "s.short_description",
      "s.description",
      "s.content",
      "s.status",
      "s.statuspercent",
      "s.servicetype",
      "s.position",
      "s.art_nr",
      "s.created_at",
      "c.name as category",
      "a.name as area",
    ])
    .where("s.service_catalogue_id", "=", catalogueId)
    .orderBy("s.id")
    .execute();
  const linkNames = async (table: string, target: string, column: string) => {
    const links = await sql<{ service_id: number; name: string }>`
      select l.service_id, x.name from ${sql.table(table)} l
      join ${sql.table(target)} x on x.id = l.${sql.ref(column)}
      join services s on s.id = l.service_id
      where s.service_catalogue_id = ${catalogueId}`.execute(t.db);
    const by = new Map<number, string[]>();
    for (const l of links.rows) by.set(l.service_id, [...(by.get(l.service_id) ?? []), l.name].sort());
    return by;
  };
  const owners = await linkNames("service_owners", "owners", "owner_id");
  const tags = await linkNames("service_tags", "tags", "tag_id");
  const kpis = await linkNames("service_kpis", "kpis", "kpi_id");
  return rows.map(({ id, ...r }) => ({ ...r, owners: owners.get(id) ?? [], tags: tags.get(id) ?? [], kpis: kpis.get(id) ?? [] }));
}

describe("generateCatalogue", () => {
  it("creates the catalogue, ~8 areas, ~80 categories and exactly N services in it", async () => {
    const catalogue = await t.db.selectFrom("service_catalogues").select("title").where("id", "=", first.catalogueId).executeTakeFirstOrThrow();
    expect(catalogue.title).toBe("Gen A");
    const count = async (table: "service_areas" | "service_categories" | "services") =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .where("service_catalogue_id", "=", first.catalogueId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count("service_areas")).toBe(8);
    expect(await count("service_categories")).toBe(80);
    expect(await count("services")).toBe(200);
    expect(first.services).toBe(200);
    expect(first.areaIds).toHaveLength(8);
    expect(first.categoryIds).toHaveLength(80);
  });

  it("gives each category contiguous positions 0..n-1", async () => {
    const rows = await t.db
      .selectFrom("services")
      .select(["category_id", "position"])
      .where("service_catalogue_id", "=", first.catalogueId)
      .orderBy("category_id")
      .orderBy("position")
      .execute();
    const byCategory = new Map<number, number[]>();
    for (const r of rows) byCategory.set(r.category_id!, [...(byCategory.get(r.category_id!) ?? []), r.position]);
    expect(byCategory.size).toBeGreaterThan(40);
    for (const positions of byCategory.values()) expect(positions).toEqual(positions.map((_, i) => i));
    for (const id of byCategory.keys()) expect(first.categoryIds).toContain(id);
  });

  it("creates ~30 owners, ~40 tags and ~10 KPIs and links services to them", async () => {
    expect(new Set(first.ownerIds).size).toBe(OWNER_NAMES.length);
    expect(new Set(first.tagIds).size).toBe(TAG_NAMES.length);
    expect(new Set(first.kpiIds).size).toBe(KPI_NAMES.length);
    expect(OWNER_NAMES.length).toBeGreaterThanOrEqual(30);
    expect(TAG_NAMES.length).toBeGreaterThanOrEqual(40);
    const linked = async (table: string) => {
      const r = await sql<{ links: number; services: number }>`
        select count(*) as links, count(distinct l.service_id) as services from ${sql.table(table)} l
        join services s on s.id = l.service_id where s.service_catalogue_id = ${first.catalogueId}`.execute(t.db);
      return r.rows[0];
    };
    const owners = await linked("service_owners");
    const tags = await linked("service_tags");
    const kpis = await linked("service_kpis");
    expect(Number(owners.links)).toBe(first.links.owners);
    expect(Number(tags.links)).toBe(first.links.tags);
    expect(Number(kpis.links)).toBe(first.links.kpis);
    // Most services have an owner, a tag and a KPI, but not all (the "missing" filters find some).
    for (const l of [owners, tags, kpis]) {
      expect(Number(l.services)).toBeGreaterThan(120);
      expect(Number(l.services)).toBeLessThanOrEqual(200);
    }
    expect(Number(owners.services)).toBeLessThan(200);
  });

  it("mixes statuses and service types and writes HTML texts of realistic length", async () => {
    const rows = await snapshot(first.catalogueId);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(["open", "checking", "closed"]));
    expect(new Set(rows.map((r) => r.servicetype))).toEqual(new Set(["customer", "it"]));
    for (const r of rows) {
      if (r.status === "closed") expect(r.statuspercent).toBe(100);
      expect(r.short_description).toMatch(/^<p>.+<\/p>$/);
      const words = r.short_description!.replace(/<[^>]+>/g, " ").split(/\s+/).filter(Boolean).length;
      expect(words).toBeGreaterThanOrEqual(30);
      expect(words).toBeLessThanOrEqual(120);
      expect(r.name).toMatch(/^\S+ \S+-\S+/);
    }
  });

  it("keeps the search index in step: indexed match and LIKE scan find the same services", async () => {
    // Counted over `services as s` alone (like searchServices' count query).
    const ids = async (forceScan: boolean, q: string) => {
      const where = await serviceFilterConditions(t.db, first.catalogueId, { ...DEFAULT_QUERY, q }, { forceScan });
      const rows = await t.db.selectFrom("services as s").select("s.id").where(where).orderBy("s.id").execute();
      return rows.map((r) => r.id);
    };
    for (const term of [RARE_TERMS[0], "Firewall", "notebook-"]) {
      const indexed = await ids(false, term);
      expect(indexed, term).toEqual(await ids(true, term));
      expect(indexed.length, term).toBeGreaterThan(0);
    }
    expect(await ids(false, "")).toHaveLength(200);
  });

  it("is deterministic: the same seed gives the same catalogue, another seed a different one", async () => {
    const again = await generateCatalogue(t.db, { services: 200, seed: 7, catalogueTitle: "Gen B", chunkSize: 1000 });
    const other = await generateCatalogue(t.db, { services: 200, seed: 8, catalogueTitle: "Gen C" });
    // Owners, tags and KPIs already existed, so they are reused rather than duplicated.
    expect(again.ownerIds).toEqual(first.ownerIds);
    expect(again.tagIds).toEqual(first.tagIds);
    const [a, b, c] = await Promise.all([snapshot(first.catalogueId), snapshot(again.catalogueId), snapshot(other.catalogueId)]);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
    expect(c.map((r) => r.name)).not.toEqual(a.map((r) => r.name));
  });
});

describe("createRng", () => {
  it("repeats its sequence for a seed", () => {
    const a = createRng(42);
    const b = createRng(42);
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(seqA.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(Array.from({ length: 20 }, () => createRng(43).next())[0]).not.toBe(seqA[0]);
  });
});

describe("parseArgs", () => {
  it("reads the documented options", () => {
    expect(parseArgs(["--services", "10000", "--new-catalogue", "Bench 10k", "--seed", "3", "--demo"])).toEqual({
      services: 10000,
      seed: 3,
      newCatalogue: "Bench 10k",
      demo: true,
    });
    expect(parseArgs(["--services", "5", "--catalogue", "4"])).toMatchObject({ services: 5, catalogueId: 4, seed: 42 });
  });

  it("refuses missing or conflicting options", () => {
    expect(() => parseArgs([])).toThrow(/--services/);
    expect(() => parseArgs(["--services", "5", "--catalogue", "1", "--new-catalogue", "x"])).toThrow(/either/);
    expect(() => parseArgs(["--services", "5", "--bogus"])).toThrow(/unknown/);
  });
});
