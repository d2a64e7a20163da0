import { beforeAll, describe, expect, it } from "vitest";
import { slaOverview, type SlaFilter } from "~/modules/sla/sla.server";
import { parseSlaQuery } from "~/modules/sla/sla-filter";
import { factories } from "../../factories";
import { useTestDb } from "../../support/test-db";

// Runs on SQLite by default and on Postgres with DATABASE_URL=postgres://…

const t = useTestDb();
const make = factories(() => t.db);
let cat: number;
let other: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  cat = await make.catalogue({ title: "SLA" });
  other = await make.catalogue({ title: "Anderer" });
  ids.p1 = await make.provider({ name: "Beta Betrieb" });
  ids.p2 = await make.provider({ name: "alpha Anbieter" });
  ids.k1 = await make.kpi({ name: "Verfügbarkeit", definition: "Anteil", calculation: "Uptime / Zeit", measuring_points: "Monitoring" });
  ids.k2 = await make.kpi({ name: "Reaktionszeit" });
  // A: p1, k1+k2 · B: p1+p2, k1 · C: no provider, k2 · D: p2, no level · binned and foreign ones.
  ids.a = await make.service(cat, null, { name: "Dienst A", providers: [ids.p1], kpis: [ids.k1, ids.k2] });
  ids.b = await make.service(cat, null, { name: "Dienst B", providers: [ids.p1, ids.p2], kpis: [ids.k1] });
  ids.c = await make.service(cat, null, { name: "Dienst C", kpis: [ids.k2] });
  ids.d = await make.service(cat, null, { name: "Dienst D", providers: [ids.p2] });
  await make.service(cat, null, { name: "Gelöscht", deleted_at: "2025-01-01T00:00:00.000Z", providers: [ids.p1], kpis: [ids.k1] });
  ids.foreign = await make.service(other, null, { name: "Fremd", providers: [ids.p2], kpis: [ids.k2] });
});

const NONE: SlaFilter = { catalogueId: null, provider: null, kpi: null, q: "" };

/** Each group as "provider: service[levels] …". */
async function outline(filter: Partial<SlaFilter>, page = 1, size?: number) {
  const result = await slaOverview(t.db, { ...NONE, catalogueId: cat, ...filter }, page, size);
  return {
    ...result,
    outline: result.groups.map((g) => `${g.provider?.name ?? "-"}: ${g.services.map((s) => `${s.name}[${s.levels.map((l) => l.name).join(",")}]`).join(" ")}`),
  };
}

describe("slaOverview", () => {
  it("groups the services with levels by provider (by name, without provider last), a service in each of its providers", async () => {
    const r = await outline({});
    expect(r.outline).toEqual(["alpha Anbieter: Dienst B[Verfügbarkeit]", "Beta Betrieb: Dienst A[Reaktionszeit,Verfügbarkeit] Dienst B[Verfügbarkeit]", "-: Dienst C[Reaktionszeit]"]);
    expect(r.total).toBe(4);
    expect(r.withoutLevel).toBe(1);
    const level = r.groups[1].services[0].levels[1];
    expect(level).toEqual({ id: ids.k1, name: "Verfügbarkeit", definition: "Anteil", calculation: "Uptime / Zeit", measuring_points: "Monitoring" });
  });

  it("filters by provider, 'without provider', level and search; a level filter shows only that level", async () => {
    expect((await outline({ provider: ids.p2 })).outline).toEqual(["alpha Anbieter: Dienst B[Verfügbarkeit]"]);
    expect((await outline({ provider: "none" })).outline).toEqual(["-: Dienst C[Reaktionszeit]"]);
    expect((await outline({ kpi: ids.k2 })).outline).toEqual(["Beta Betrieb: Dienst A[Reaktionszeit]", "-: Dienst C[Reaktionszeit]"]);
    expect((await outline({ q: '"dienst a"' })).outline).toEqual(["Beta Betrieb: Dienst A[Reaktionszeit,Verfügbarkeit]"]);
    expect((await outline({ provider: "none" })).withoutLevel).toBe(0);
    expect((await outline({ provider: ids.p2 })).withoutLevel).toBe(1);
  });

  it("pages by (provider, service) entries and keeps a group's heading on the next page", async () => {
    const first = await outline({}, 1, 2);
    expect(first.pageCount).toBe(2);
    expect(first.outline).toEqual(["alpha Anbieter: Dienst B[Verfügbarkeit]", "Beta Betrieb: Dienst A[Reaktionszeit,Verfügbarkeit]"]);
    const second = await outline({}, 2, 2);
    expect(second.outline).toEqual(["Beta Betrieb: Dienst B[Verfügbarkeit]", "-: Dienst C[Reaktionszeit]"]);
    // Beyond the last page: the last page.
    expect((await outline({}, 9, 2)).page).toBe(2);
  });

  it("shows only live services, of one catalogue or of all", async () => {
    const all = await slaOverview(t.db, NONE, 1);
    const names = all.groups.flatMap((g) => g.services.map((s) => s.name));
    expect(names).toContain("Fremd");
    expect(names).not.toContain("Gelöscht");
    expect((await outline({})).groups.flatMap((g) => g.services.map((s) => s.name))).not.toContain("Fremd");
  });
});

describe("parseSlaQuery", () => {
  it("reads the filter and names what it could not read", () => {
    const ok = parseSlaQuery(new URLSearchParams("catalogue=all&provider=none&kpi=4&q= Mail &page=3"));
    expect(ok).toEqual({ query: { catalogue: "all", provider: "none", kpi: 4, q: "Mail", stage: null, page: 3 }, errors: {} });
    expect(parseSlaQuery(new URLSearchParams("stage=pipeline")).query.stage).toBe("pipeline");
    const bad = parseSlaQuery(new URLSearchParams(`catalogue=x&provider=abc&kpi=-1&q=${"a".repeat(201)}&page=-5`));
    expect(bad.query).toEqual({ catalogue: null, provider: null, kpi: null, q: "", stage: null, page: 1 });
    expect(bad.errors).toEqual({ catalogue: "sla.errors.invalid", provider: "sla.errors.invalid", kpi: "sla.errors.invalid", q: "sla.errors.tooLong" });
  });
});
