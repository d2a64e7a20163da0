import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_QUERY } from "~/modules/catalogue/catalogue-query";
import { searchServices } from "~/modules/catalogue/service-search.server";
import { publishPreview, publishRelease } from "~/modules/releases/releases.server";
import { completenessSummary, countsByStatus } from "~/modules/reports/reports.server";
import { slaOverview } from "~/modules/sla/sla.server";
import { readableStages } from "~/modules/service/service-stage";
import { RequiredByOthersError, setServiceStage } from "~/modules/service/service-stage.server";
import { listActivitiesFor } from "~/server/audit.server";
import { ValidationError } from "~/server/errors.server";
import { factories, unique } from "../../factories";
import { rejection } from "../../support/rejection";
import { useTestDb } from "../../support/test-db";

// Lifecycle stages (issue 36 §2, decision 0075): pipeline, live, retired; what customers and
// releases see. Runs on SQLite by default and on Postgres with DATABASE_URL=postgres://…

const t = useTestDb();
const make = factories(() => t.db);
let catalogueId: number;
let categoryId: number;
let editor: { id: number; name: string };

const versionOf = async (id: number) => (await t.db.selectFrom("services").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow()).updated_at;
const stageOf = (id: number) => t.db.selectFrom("services").select(["stage", "retired_at", "successor_id", "status"]).where("id", "=", id).executeTakeFirstOrThrow();
const input = (stage: "pipeline" | "live" | "retired", over: Partial<{ retired_at: string | null; successor_id: number | null; confirm: boolean }> = {}) => ({
  stage,
  retired_at: null,
  successor_id: null,
  confirm: false,
  ...over,
});

beforeAll(async () => {
  const u = await make.user("keyuser", { name: "Stufen Keyuser", email: "keyuser@service-stage.test" });
  editor = { id: u.id, name: u.name };
  catalogueId = await make.catalogue({ title: unique("Lebenszyklus") });
  categoryId = await make.category(catalogueId, { name: unique("Kategorie") });
});

describe("setting the stage", () => {
  it("existing and new services are live; retiring records the day (today by default) and the successor; back to live clears both; an approval stays", async () => {
    const old = await make.service(catalogueId, categoryId, { name: unique("Alt"), status: "closed" });
    const successor = await make.service(catalogueId, categoryId, { name: unique("Neu") });
    expect((await stageOf(old)).stage).toBe("live");

    await setServiceStage(t.db, old, input("retired", { successor_id: successor }), await versionOf(old), editor);
    const retired = await stageOf(old);
    expect(retired).toEqual({ stage: "retired", retired_at: new Date().toISOString().slice(0, 10), successor_id: successor, status: "closed" });

    await setServiceStage(t.db, old, input("live"), await versionOf(old), editor);
    expect(await stageOf(old)).toEqual({ stage: "live", retired_at: null, successor_id: null, status: "closed" });
    const events = await listActivitiesFor(t.db, "service", old);
    expect(events.map((e) => [e.description, JSON.parse(e.new_values!)])).toEqual([
      ["stage", { stage: "live", retired_at: null, successor_id: null }],
      ["stage", { stage: "retired", retired_at: retired.retired_at, successor_id: successor }],
    ]);
  });

  it("a successor must be another service outside the bin", async () => {
    const id = await make.service(catalogueId, categoryId, { name: unique("Ohne") });
    const binned = await make.service(catalogueId, categoryId, { name: unique("Papierkorb"), deleted_at: new Date().toISOString() });
    for (const successor of [id, binned, 999_999_999]) {
      const error = await rejection(setServiceStage(t.db, id, input("retired", { successor_id: successor }), await versionOf(id), editor));
      expect(error).toBeInstanceOf(ValidationError);
    }
    expect((await stageOf(id)).stage).toBe("live");
  });

  it("retiring a service that live services require names them first; confirmed, it is retired", async () => {
    const base = await make.service(catalogueId, categoryId, { name: unique("Basis") });
    const user = await make.service(catalogueId, categoryId, { name: unique("Nutzer"), dependsOn: [base] });
    const error = await rejection(setServiceStage(t.db, base, input("retired", { retired_at: "2026-03-01" }), await versionOf(base), editor));
    expect(error).toBeInstanceOf(RequiredByOthersError);
    expect((error as RequiredByOthersError).services.map((s) => s.id)).toEqual([user]);
    expect((await stageOf(base)).stage).toBe("live");
    await setServiceStage(t.db, base, input("retired", { retired_at: "2026-03-01", confirm: true }), await versionOf(base), editor);
    expect(await stageOf(base)).toMatchObject({ stage: "retired", retired_at: "2026-03-01" });
  });
});

describe("what customers and releases see", () => {
  it("customers read live services only; a release takes approved live services only", async () => {
    const cat = await make.catalogue({ title: unique("Kundensicht") });
    const category = await make.category(cat, { name: unique("Kategorie") });
    const live = await make.service(cat, category, { name: unique("Live"), status: "closed" });
    const planned = await make.service(cat, category, { name: unique("Geplant"), status: "closed", stage: "pipeline" });
    const retired = await make.service(cat, category, { name: unique("Alt"), status: "closed", stage: "retired", retired_at: "2026-01-01" });
    expect(readableStages({ role: "client" })).toEqual(["live"]);
    expect(readableStages({ role: "user" })).toBeNull();

    const ids = async (stages: ("pipeline" | "live" | "retired")[]) =>
      (await searchServices(t.db, cat, { ...DEFAULT_QUERY, stages }, { pageSize: 50 })).rows.map((r) => r.id).sort((a, b) => a - b);
    expect(await ids(["live"])).toEqual([live]);
    expect(await ids([])).toEqual([live, planned, retired].sort((a, b) => a - b));
    expect(await ids(["pipeline", "retired"])).toEqual([planned, retired].sort((a, b) => a - b));

    expect(await publishPreview(t.db, cat)).toEqual({ included: 1, notApproved: 0, notLive: 2 });
    const release = await publishRelease(t.db, cat, { label: "1", note: null }, editor);
    const items = await t.db.selectFrom("release_items").select("item_id").where("release_id", "=", release).where("kind", "=", "service").execute();
    expect(items.map((i) => i.item_id)).toEqual([live]);
  });
});

describe("reports and the SLA overview", () => {
  it("count and list the services of one stage when asked, every stage otherwise", async () => {
    const cat = await make.catalogue({ title: unique("Stufenbericht") });
    const category = await make.category(cat, { name: unique("Kategorie") });
    const kpi = await make.kpi();
    await make.service(cat, category, { name: unique("Live"), kpis: [kpi] });
    const planned = await make.service(cat, category, { name: unique("Geplant"), stage: "pipeline", kpis: [kpi] });
    await make.service(cat, category, { name: unique("Alt"), stage: "retired", status: "closed" });
    expect((await completenessSummary(t.db, cat, "2000-01-01")).total).toBe(3);
    expect((await completenessSummary(t.db, cat, "2000-01-01", ["pipeline"])).total).toBe(1);
    expect((await countsByStatus(t.db, cat, ["retired"])).find((s) => s.status === "closed")?.count).toBe(1);
    const sla = (stage: "pipeline" | "live" | "retired" | null) => slaOverview(t.db, { catalogueId: cat, provider: null, kpi: null, q: "", stage }, 1);
    expect((await sla(null)).total).toBe(2);
    const plannedOnly = await sla("pipeline");
    expect(plannedOnly.groups.flatMap((g) => g.services.map((s) => s.id))).toEqual([planned]);
  });
});
