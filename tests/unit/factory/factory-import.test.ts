import type { KyselyPlugin } from "kysely";
import { describe, expect, it } from "vitest";
import { publishedServices } from "~/modules/api/published-services.server";
import { importBaseData } from "~/modules/factory/basedata-import.server";
import { importFactoryService, importFactoryServices, linkedServices, type ImportPlan } from "~/modules/factory/factory-import.server";
import type { FactoryProvider } from "~/modules/factory/factory-client.server";
import { factories, unique } from "../../factories";
import { useTestDb } from "../../support/test-db";

/**
 * The template import's model (issue 18 §3, §4) on two databases: a "factory" whose published
 * services are read exactly as its API publishes them (publishedServices), and the importing
 * instance. SQLite by default, Postgres with DATABASE_URL (CI runs both).
 */
const factory = useTestDb();
const local = useTestDb();
const fmake = factories(() => factory.db);
const make = factories(() => local.db);

/** A published template service in a new area/category of the factory, with children and relations. */
async function templateService(values: { area?: string; category?: string; owners?: string[]; tags?: string[]; providers?: string[]; kpis?: string[] } = {}) {
  const catalogueId = await fmake.catalogue();
  const areaId = await fmake.area(catalogueId, { name: values.area ?? unique("Arbeitsplatz") });
  const categoryId = await fmake.category(catalogueId, { service_area_id: areaId, name: values.category ?? unique("Endgeräte") });
  const owners = await Promise.all((values.owners ?? []).map((name) => fmake.owner({ name })));
  const tags = await Promise.all((values.tags ?? []).map((name) => fmake.tag({ name })));
  const providers = await Promise.all((values.providers ?? []).map((name) => fmake.provider({ name })));
  const kpis = await Promise.all((values.kpis ?? []).map((name) => fmake.kpi({ name })));
  const id = await fmake.service(catalogueId, categoryId, {
    name: unique("Notebook"),
    status: "closed",
    servicetype: "it",
    short_description: "<p>Kurz <strong>und</strong> bündig</p><script>alert(1)</script>",
    art_nr: "NB-1",
    customerspecific: 1,
    options: [{ name: "Dockingstation", costs: 120.5, art_nr: "D-1" }, "Zweiter Monitor"],
    responsibilities: [{ description: "Bereitstellung", client: 0, it: 1 }],
    links: ["https://example.com/notebook"],
    owners,
    tags,
    providers,
    kpis,
  });
  const [raw] = (await publishedServices(factory.db, { ids: [id] })).rows;
  return { id, raw, categoryId, areaId };
}

const admin = () => make.user("superadmin");
const planFor = (catalogueId: number, names: [number, string, string | null][] = []): ImportPlan => ({
  catalogueId,
  targets: new Map(),
  categoryNames: new Map(names.map(([id, name, areaName]) => [id, { name, areaName }])),
});

describe("importing a template service", () => {
  it("copies fields, children and relations by name, links it to the template, opens it and records 'imported'", async () => {
    const user = await admin();
    const existingOwner = unique("Team Arbeitsplatz");
    await make.owner({ name: existingOwner.toUpperCase() });
    const tag = unique("Hardware");
    const t = await templateService({ area: "Arbeitsplatz", category: "Endgeräte", owners: [existingOwner], tags: [tag], providers: [unique("Lieferant")], kpis: [unique("Verfügbarkeit")] });
    const catalogueId = await make.catalogue();

    const outcome = await importFactoryService(local.db, t.raw, planFor(catalogueId, [[t.categoryId, "Endgeräte", "Arbeitsplatz"]]), user);
    expect(outcome).toMatchObject({ status: "imported", factoryId: t.id, createdAreas: ["Arbeitsplatz"], createdCategories: ["Arbeitsplatz › Endgeräte"] });
    const serviceId = (outcome as { serviceId: number }).serviceId;

    const service = await local.db.selectFrom("services").selectAll().where("id", "=", serviceId).executeTakeFirstOrThrow();
    expect(service).toMatchObject({ name: t.raw.name, status: "open", factory_service_id: t.id, service_catalogue_id: catalogueId, servicetype: "it", art_nr: "NB-1", customerspecific: 1, created_by: user.id });
    // Rich text is sanitised again on the importing side.
    expect(service.short_description).toBe("<p>Kurz <strong>und</strong> bündig</p>");
    const category = await local.db.selectFrom("service_categories as k").innerJoin("service_areas as a", "a.id", "k.service_area_id").select(["k.name", "a.name as area", "k.service_catalogue_id"]).where("k.id", "=", service.category_id).executeTakeFirstOrThrow();
    expect(category).toEqual({ name: "Endgeräte", area: "Arbeitsplatz", service_catalogue_id: catalogueId });

    const options = await local.db.selectFrom("service_options").select(["name", "costs", "art_nr"]).where("service_id", "=", serviceId).orderBy("position").execute();
    expect(options).toEqual([
      { name: "Dockingstation", costs: 120.5, art_nr: "D-1" },
      { name: "Zweiter Monitor", costs: 0, art_nr: null },
    ]);
    expect(await local.db.selectFrom("responsibilities").select(["description", "client", "it"]).where("service_id", "=", serviceId).execute()).toEqual([{ description: "Bereitstellung", client: 0, it: 1 }]);
    expect(await local.db.selectFrom("service_links").select("url").where("service_id", "=", serviceId).execute()).toEqual([{ url: "https://example.com/notebook" }]);

    // The owner matched the existing one despite the case; the others were created.
    const owners = await local.db.selectFrom("service_owners as l").innerJoin("owners as o", "o.id", "l.owner_id").select("o.name").where("l.service_id", "=", serviceId).execute();
    expect(owners).toEqual([{ name: existingOwner.toUpperCase() }]);
    const tags = await local.db.selectFrom("service_tags as l").innerJoin("tags as x", "x.id", "l.tag_id").select("x.name").where("l.service_id", "=", serviceId).execute();
    expect(tags).toEqual([{ name: tag }]);
    expect(await local.db.selectFrom("service_providers").select("provider_id").where("service_id", "=", serviceId).execute()).toHaveLength(1);
    expect(await local.db.selectFrom("service_kpis").select("kpi_id").where("service_id", "=", serviceId).execute()).toHaveLength(1);

    const history = await local.db.selectFrom("activities").select(["event", "causer_id", "new_values"]).where("subject_type", "=", "service").where("subject_id", "=", String(serviceId)).execute();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ event: "imported", causer_id: user.id });
    expect(JSON.parse(history[0].new_values!)).toMatchObject({ factory_service_id: t.id, tags: [tag] });
    expect((await linkedServices(local.db)).get(t.id)).toBe(serviceId);
  });

  it("importing the same selection twice duplicates nothing: linked services are skipped", async () => {
    const user = await admin();
    const a = await templateService({ tags: [unique("Tag")] });
    const b = await templateService();
    const catalogueId = await make.catalogue();
    const selection = [a, b].map((t) => ({ id: t.id, name: t.raw.name, raw: t.raw }));
    const plan = planFor(catalogueId, [
      [a.categoryId, "Kategorie A", "Bereich"],
      [b.categoryId, "Kategorie B", "Bereich"],
    ]);
    const count = async () => ({
      services: Number((await local.db.selectFrom("services").select((eb) => eb.fn.countAll().as("n")).where("service_catalogue_id", "=", catalogueId).executeTakeFirstOrThrow()).n),
      areas: Number((await local.db.selectFrom("service_areas").select((eb) => eb.fn.countAll().as("n")).where("service_catalogue_id", "=", catalogueId).executeTakeFirstOrThrow()).n),
      tags: Number((await local.db.selectFrom("tags").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n),
    });

    const first = await importFactoryServices(local.db, selection, plan, user);
    expect(first.map((o) => o.status)).toEqual(["imported", "imported"]);
    const after = await count();
    expect(after).toMatchObject({ services: 2, areas: 1 });

    const second = await importFactoryServices(local.db, selection, plan, user);
    expect(second.map((o) => o.status)).toEqual(["skipped", "skipped"]);
    expect(second.map((o) => (o as { serviceId: number }).serviceId)).toEqual(first.map((o) => (o as { serviceId: number }).serviceId));
    expect(await count()).toEqual(after);
  });

  it("a service in the bin does not count as linked: importing again makes a new one", async () => {
    const user = await admin();
    const t = await templateService();
    const catalogueId = await make.catalogue();
    const first = await importFactoryService(local.db, t.raw, planFor(catalogueId), user);
    await local.db.updateTable("services").set({ deleted_at: new Date().toISOString() }).where("id", "=", (first as { serviceId: number }).serviceId).execute();
    const again = await importFactoryService(local.db, t.raw, planFor(catalogueId), user);
    expect(again.status).toBe("imported");
    expect((again as { serviceId: number }).serviceId).not.toBe((first as { serviceId: number }).serviceId);
  });

  it("maps a template category onto an existing local one, and refuses one of another catalogue", async () => {
    const user = await admin();
    const t = await templateService();
    const catalogueId = await make.catalogue();
    const mine = await make.category(catalogueId, { name: "Meine Kategorie" });
    const other = await make.category(await make.catalogue());
    const plan = planFor(catalogueId);
    plan.targets.set(t.categoryId, { kind: "existing", categoryId: other });
    expect(await importFactoryService(local.db, t.raw, plan, user)).toMatchObject({ status: "failed", reason: "category" });
    plan.targets.set(t.categoryId, { kind: "existing", categoryId: mine });
    const outcome = await importFactoryService(local.db, t.raw, plan, user);
    expect(outcome).toMatchObject({ status: "imported", createdAreas: [], createdCategories: [] });
    const row = await local.db.selectFrom("services").select(["category_id", "position"]).where("id", "=", (outcome as { serviceId: number }).serviceId).executeTakeFirstOrThrow();
    expect(row).toEqual({ category_id: mine, position: 0 });
  });

  it("reports data that does not read (an invalid link) and a service the template no longer offers, and carries on", async () => {
    const user = await admin();
    const good = await templateService();
    const broken = { ...good.raw, id: good.id + 100_000, links: [{ url: "javascript:alert(1)", position: 0 }] };
    const catalogueId = await make.catalogue();
    const outcomes = await importFactoryServices(
      local.db,
      [
        { id: broken.id, name: broken.name, raw: broken },
        { id: 999_999_999, name: "Weg", raw: null },
        { id: good.id, name: good.raw.name, raw: good.raw },
      ],
      planFor(catalogueId),
      user,
    );
    expect(outcomes.map((o) => [o.status, o.status === "failed" ? o.reason : null])).toEqual([
      ["failed", "invalid"],
      ["failed", "gone"],
      ["imported", null],
    ]);
    expect(outcomes[0]).toMatchObject({ detail: "links.0.url" });
    expect(await local.db.selectFrom("services").select("id").where("factory_service_id", "=", broken.id).execute()).toEqual([]);
  });

  it("one transaction per service: a failure halfway leaves nothing of that service, the next one is imported", async () => {
    const user = await admin();
    const area = unique("Neuer Bereich");
    const owner = unique("Neuer Owner");
    const tag = unique("Neuer Tag");
    const failing = await templateService({ owners: [owner], tags: [tag] });
    const next = await templateService();
    const catalogueId = await make.catalogue();
    // The database refuses the tags of the first service — after its area, category, service, children, owner and tag were written.
    let armed = true;
    const refuseLinks: KyselyPlugin = {
      transformQuery(args) {
        const node = args.node as { kind: string; into?: { table: { identifier: { name: string } } } };
        if (armed && node.kind === "InsertQueryNode" && node.into?.table.identifier.name === "service_tags") {
          armed = false;
          throw new Error("disk full");
        }
        return args.node;
      },
      async transformResult(args) {
        return args.result;
      },
    };
    const plan = planFor(catalogueId, [
      [failing.categoryId, "Kategorie", area],
      [next.categoryId, "Kategorie 2", unique("Anderer Bereich")],
    ]);
    const outcomes = await importFactoryServices(
      local.db.withPlugin(refuseLinks),
      [failing, next].map((t) => ({ id: t.id, name: t.raw.name, raw: t.raw })),
      plan,
      user,
    );
    expect(outcomes.map((o) => o.status)).toEqual(["failed", "imported"]);
    expect(outcomes[0]).toMatchObject({ reason: "store" });
    expect(await local.db.selectFrom("services").select("id").where("factory_service_id", "=", failing.id).execute()).toEqual([]);
    expect(await local.db.selectFrom("service_areas").select("id").where("name", "=", area).execute()).toEqual([]);
    expect(await local.db.selectFrom("owners").select("id").where("name", "=", owner).execute()).toEqual([]);
    expect(await local.db.selectFrom("tags").select("id").where("name", "=", tag).execute()).toEqual([]);
    expect(await local.db.selectFrom("service_options as o").innerJoin("services as s", "s.id", "o.service_id").select("o.id").where("s.factory_service_id", "=", failing.id).execute()).toEqual([]);
    expect(await local.db.selectFrom("activities").select("id").where("event", "=", "imported").where("new_values", "like", `%"factory_service_id":${failing.id},%`).execute()).toEqual([]);
    // Imported again without the failure, it comes in whole.
    const retry = await importFactoryService(local.db, failing.raw, plan, user);
    expect(retry).toMatchObject({ status: "imported", createdAreas: [area] });
  });

  it("two imports of the same template service at once make one local service", async () => {
    const user = await admin();
    const t = await templateService();
    const catalogueId = await make.catalogue();
    const [a, b] = await Promise.all([importFactoryService(local.db, t.raw, planFor(catalogueId), user), importFactoryService(local.db, t.raw, planFor(catalogueId), user)]);
    expect([a.status, b.status].sort()).toEqual(["imported", "skipped"]);
    expect(await local.db.selectFrom("services").select("id").where("factory_service_id", "=", t.id).execute()).toHaveLength(1);
  });
});

describe("importing providers and service levels", () => {
  const provider = (id: number, values: Partial<FactoryProvider> = {}): FactoryProvider => ({
    id,
    name: unique("Anbieter"),
    description: null,
    street: null,
    zipcode: null,
    city: "Berlin",
    country: null,
    contact_person: null,
    email_contact: null,
    website_link: null,
    company_profile: null,
    ...values,
  });

  it("creates new ones, skips names that exist (any case) and reports data the base-data form would refuse", async () => {
    const user = await admin();
    const existing = unique("Bestehend");
    const localId = await make.provider({ name: existing });
    const fresh = provider(1, { email_contact: "kontakt@example.com" });
    const outcomes = await importBaseData(local.db, "provider", [fresh, provider(2, { name: existing.toUpperCase() }), provider(3, { email_contact: "keine-adresse" })], user);
    expect(outcomes).toEqual([
      { status: "created", factoryId: 1, name: fresh.name, localId: expect.any(Number) },
      { status: "skipped", factoryId: 2, name: existing.toUpperCase(), localId },
      { status: "failed", factoryId: 3, name: expect.any(String), field: "email_contact" },
    ]);
    const created = await local.db.selectFrom("providers").select(["name", "city", "email_contact"]).where("id", "=", (outcomes[0] as { localId: number }).localId).executeTakeFirstOrThrow();
    expect(created).toEqual({ name: fresh.name, city: "Berlin", email_contact: "kontakt@example.com" });
    const audit = await local.db.selectFrom("activities").select("event").where("subject_type", "=", "provider").where("subject_id", "=", String((outcomes[0] as { localId: number }).localId)).execute();
    expect(audit).toEqual([{ event: "created" }]);

    // Twice in one list: the second is a duplicate of the first.
    const twice = unique("Level");
    const kpis = await importBaseData(local.db, "kpi", [{ id: 7, name: twice, definition: "99,9 %", calculation: null, measuring_points: null }, { id: 8, name: twice, definition: null, calculation: null, measuring_points: null }], user);
    expect(kpis.map((o) => o.status)).toEqual(["created", "skipped"]);
  });
});
