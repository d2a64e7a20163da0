import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_QUERY } from "~/modules/catalogue/catalogue-query";
import { listActivitiesFor } from "~/server/audit.server";
import { listCatalogues } from "~/modules/catalogue/catalogue.server";
import { NotFoundError, StaleRecordError } from "~/server/errors.server";
import {
  BIN_PAGE_SIZE,
  CategoryGoneError,
  DerivativesChangedError,
  SameCatalogueError,
  TargetCategoryNotFoundError,
  categoryChoices,
  copyService,
  derivativesOf,
  listTrashed,
  restoreService,
  serviceLineage,
  trashService,
} from "~/modules/service/service-lifecycle.server";
import { searchServices } from "~/modules/catalogue/service-search.server";
import { factories, unique, type ServiceSpec } from "../../factories";
import { categoryOrder } from "../../support/reads";
import { useTestDb } from "../../support/test-db";
import { rejection } from "../../support/rejection";

// Runs on SQLite by default and on Postgres with DATABASE_URL=postgres://…

const t = useTestDb();
const make = factories(() => t.db);
let causer: { id: number; name: string };
let catA: number;
let catB: number;
let catC: number;

/** Appends a live service at the end of a category (positions stay 0..n-1). */
async function addService(categoryId: number, name = unique("Service"), spec: ServiceSpec = {}) {
  const category = await t.db.selectFrom("service_categories").select("service_catalogue_id").where("id", "=", categoryId).executeTakeFirstOrThrow();
  const count = await t.db
    .selectFrom("services")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("category_id", "=", categoryId)
    .where("deleted_at", "is", null)
    .executeTakeFirstOrThrow();
  return make.service(category.service_catalogue_id, categoryId, { name, position: Number(count.n), parent_service_id: null, ...spec });
}

async function row(id: number) {
  return t.db.selectFrom("services").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/** Live services of a category: [id, position] in position order. */
async function positions(categoryId: number) {
  return (await categoryOrder(t.db, categoryId)).map((r) => [r.id, r.position]);
}

function expectContiguous(list: number[][]) {
  expect(list.map(([, p]) => p)).toEqual(list.map((_, i) => i));
}

async function activities(id: number) {
  const rows = await listActivitiesFor(t.db, "service", id);
  return rows.map((r) => ({
    event: r.event,
    causer_id: r.causer_id,
    old: r.old_values ? JSON.parse(r.old_values) : null,
    new: r.new_values ? JSON.parse(r.new_values) : null,
  }));
}

async function countRows(table: "service_options" | "responsibilities" | "service_links" | "service_attribute_text_items" | "service_dropdown_items" | "service_owners" | "service_providers" | "service_kpis" | "service_tags", serviceId: number) {
  const r = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("n"))
    .where("service_id", "=", serviceId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

beforeAll(async () => {
  const user = await make.user("keysuperuser", { name: "Lebenszyklus Admin", email: "admin@lifecycle.test" });
  causer = { id: user.id, name: user.name };
  catA = await make.catalogue({ title: "Katalog A" });
  catB = await make.catalogue({ title: "Katalog B" });
  catC = await make.catalogue({ title: "Katalog C" });
});

describe("derivativesOf", () => {
  it("finds live descendants over several levels, stops on cycles and skips binned branches", async () => {
    const [ka, kb, kc] = [await make.category(catA), await make.category(catB), await make.category(catC)];
    const root = await addService(ka, "Wurzel");
    const child = await addService(kb, "Kind", { parent_service_id: root });
    const grandchild = await addService(kc, "Enkel", { parent_service_id: child });
    const binned = await addService(kb, "Gelöscht", { parent_service_id: root });
    const underBinned = await addService(kc, "Unter Gelöscht", { parent_service_id: binned });
    await t.db.updateTable("services").set({ deleted_at: new Date().toISOString() }).where("id", "=", binned).execute();
    await addService(ka, "Fremd");

    const found = await derivativesOf(t.db, root);
    expect(found.map((d) => d.id).sort((a, b) => a - b)).toEqual([child, grandchild].sort((a, b) => a - b));
    expect(found.find((d) => d.id === grandchild)).toEqual({ id: grandchild, name: "Enkel", parentId: child, catalogue: { id: catC, title: "Katalog C", frameTitle: null } });
    expect(found.some((d) => d.id === underBinned)).toBe(false);

    // A cycle (root derived from its own grandchild) must not loop, and never lists the root.
    await t.db.updateTable("services").set({ parent_service_id: grandchild }).where("id", "=", root).execute();
    const cyclic = await derivativesOf(t.db, root);
    expect(cyclic.map((d) => d.id).sort((a, b) => a - b)).toEqual([child, grandchild].sort((a, b) => a - b));
    expect((await derivativesOf(t.db, child)).map((d) => d.id).sort((a, b) => a - b)).toEqual([grandchild, root].sort((a, b) => a - b));
  });
});

describe("trashService", () => {
  it("bins the service and all its derivatives (multi-level), renumbers each category and audits each", async () => {
    const [ka, kb, kc] = [await make.category(catA), await make.category(catB), await make.category(catC)];
    const a0 = await addService(ka);
    const root = await addService(ka, "Wurzel");
    const a2 = await addService(ka);
    const b0 = await addService(kb);
    const child = await addService(kb, "Kind", { parent_service_id: root });
    const b2 = await addService(kb);
    const grandchild = await addService(kc, "Enkel", { parent_service_id: child });
    const c1 = await addService(kc);
    const before = await row(root);

    const result = await trashService(t.db, root, before.updated_at, causer);
    expect(result.trashedIds.sort((a, b) => a - b)).toEqual([root, child, grandchild].sort((a, b) => a - b));

    for (const id of [root, child, grandchild]) {
      const r = await row(id);
      expect(r.deleted_at).not.toBeNull();
      expect(r.deleted_by).toBe(causer.id);
    }
    for (const id of [a0, a2, b0, b2, c1]) expect((await row(id)).deleted_at).toBeNull();
    expect((await row(root)).updated_at > before.updated_at).toBe(true);

    expect(await positions(ka)).toEqual([
      [a0, 0],
      [a2, 1],
    ]);
    expect(await positions(kb)).toEqual([
      [b0, 0],
      [b2, 1],
    ]);
    expect(await positions(kc)).toEqual([[c1, 0]]);

    const rootAudit = await activities(root);
    expect(rootAudit[0]).toMatchObject({
      event: "trashed",
      causer_id: causer.id,
      old: { deleted_at: null, category_id: ka, position: 1, service_catalogue_id: catA },
      new: { deleted_by: causer.id },
    });
    expect(rootAudit[0].new.trashed_with).toBeUndefined();
    expect((await activities(grandchild))[0]).toMatchObject({
      event: "trashed",
      old: { category_id: kc, position: 0, service_catalogue_id: catC },
      new: { trashed_with: root },
    });
    expect((await activities(child))[0]).toMatchObject({ event: "trashed", old: { category_id: kb, position: 1 }, new: { trashed_with: root } });
  });

  it("refuses a stale confirmation, a changed list of derivatives and a service already in the bin, writing nothing", async () => {
    const ka = await make.category(catA);
    const kb = await make.category(catB);
    const root = await addService(ka);
    const loaded = (await row(root)).updated_at;
    // Someone saves the service after the dialog was opened.
    const newer = new Date(Date.parse(loaded) + 1000).toISOString();
    await t.db.updateTable("services").set({ updated_at: newer }).where("id", "=", root).execute();
    const stale = await rejection(trashService(t.db, root, loaded, causer));
    expect(stale).toBeInstanceOf(StaleRecordError);
    expect((await row(root)).deleted_at).toBeNull();

    // A derivative appeared after the warning was shown.
    const child = await addService(kb, unique("Neu"), { parent_service_id: root });
    const changed = await rejection(trashService(t.db, root, newer, causer, { expectedDerivativeIds: [] }));
    expect(changed).toBeInstanceOf(DerivativesChangedError);
    expect((changed as DerivativesChangedError).derivatives.map((d) => d.id)).toEqual([child]);
    expect((await row(root)).deleted_at).toBeNull();
    expect((await row(child)).deleted_at).toBeNull();
    expect(await activities(root)).toEqual([]);

    await trashService(t.db, root, newer, causer, { expectedDerivativeIds: [child] });
    expect(await rejection(trashService(t.db, root, null, causer))).toBeInstanceOf(NotFoundError);
    expect(await rejection(trashService(t.db, 999_999, null, causer))).toBeInstanceOf(NotFoundError);
  });
});

describe("restoreService", () => {
  it("puts the service at the end of its category without its derivatives; positions stay contiguous", async () => {
    const ka = await make.category(catA);
    const kb = await make.category(catB);
    const first = await addService(ka);
    const root = await addService(ka);
    const last = await addService(ka);
    const child = await addService(kb, unique("Kind"), { parent_service_id: root });
    await trashService(t.db, root, null, causer);
    const added = await addService(ka);

    expect(await restoreService(t.db, root, null, causer)).toEqual({ name: (await row(root)).name, categoryId: ka, position: 3 });
    expect(await positions(ka)).toEqual([
      [first, 0],
      [last, 1],
      [added, 2],
      [root, 3],
    ]);
    const restored = await row(root);
    expect(restored).toMatchObject({ deleted_at: null, deleted_by: null, category_id: ka, service_catalogue_id: catA });
    expect((await row(child)).deleted_at).not.toBeNull();
    expect((await activities(root))[0]).toMatchObject({
      event: "restored",
      causer_id: causer.id,
      old: { deleted_by: causer.id, category_id: ka, service_catalogue_id: catA },
      new: { deleted_at: null, category_id: ka, service_catalogue_id: catA, position: 3 },
    });

    // The derivative comes back on its own, into its own category.
    await restoreService(t.db, child, null, causer);
    expect((await row(child)).deleted_at).toBeNull();
    expectContiguous(await positions(kb));
    expect(await rejection(restoreService(t.db, root, null, causer))).toBeInstanceOf(NotFoundError);
    expect(await rejection(restoreService(t.db, 999_999, null, causer))).toBeInstanceOf(NotFoundError);
  });

  it("asks for a target when the category is gone, and follows the target's catalogue", async () => {
    const gone = await make.category(catA);
    const target = await make.category(catB);
    const existing = await addService(target);
    const service = await addService(gone, unique("Heimatlos"));
    await trashService(t.db, service, null, causer);
    await t.db.deleteFrom("service_categories").where("id", "=", gone).execute();
    expect((await row(service)).category_id).toBeNull();

    const error = await rejection(restoreService(t.db, service, null, causer));
    expect(error).toBeInstanceOf(CategoryGoneError);
    expect((error as CategoryGoneError).service.id).toBe(service);
    expect((await row(service)).deleted_at).not.toBeNull();
    expect(await rejection(restoreService(t.db, service, 999_999, causer))).toBeInstanceOf(TargetCategoryNotFoundError);

    expect(await restoreService(t.db, service, target, causer)).toMatchObject({ categoryId: target, position: 1 });
    expect(await row(service)).toMatchObject({ deleted_at: null, category_id: target, service_catalogue_id: catB, position: 1 });
    expect(await positions(target)).toEqual([
      [existing, 0],
      [service, 1],
    ]);
  });
});

describe("listTrashed", () => {
  it("lists binned services newest first with catalogue, category (null when gone), deleter and pages of 50", async () => {
    const k1 = await make.category(catA, { name: unique("Bleibt") });
    const k2 = await make.category(catB, { name: unique("Weg") });
    const stays = await addService(k1, unique("Im Korb 1"));
    const loses = await addService(k2, unique("Im Korb 2"));
    await trashService(t.db, stays, null, causer);
    await t.db.updateTable("services").set({ deleted_at: "2000-01-01T00:00:00.000Z" }).where("id", "=", stays).execute();
    await trashService(t.db, loses, null, causer);
    await t.db.deleteFrom("service_categories").where("id", "=", k2).execute();

    const first = await listTrashed(t.db, { page: 1 });
    const mine = first.items.filter((i) => i.id === stays || i.id === loses);
    expect(first.items[0].deleted_at >= first.items[first.items.length - 1].deleted_at).toBe(true);
    const top = first.items.find((i) => i.id === loses)!;
    expect(top).toMatchObject({ category: null, catalogue: { id: catB, title: "Katalog B" }, deleted_by: causer.name, parent: null });
    expect(mine.every((i) => i.deleted_at)).toBe(true);

    // 60 more trashed services → two pages, the 2000 one on the last page.
    const bulk = await make.category(catC);
    const ids: number[] = [];
    for (let i = 0; i < 60; i++) ids.push(await addService(bulk, unique("Masse")));
    await t.db.updateTable("services").set({ deleted_at: new Date().toISOString(), deleted_by: causer.id }).where("id", "in", ids).execute();
    const page1 = await listTrashed(t.db, { page: 1 });
    expect(page1.items).toHaveLength(BIN_PAGE_SIZE);
    expect(page1.pageCount).toBe(Math.ceil(page1.total / BIN_PAGE_SIZE));
    const lastPage = await listTrashed(t.db, { page: 999 });
    expect(lastPage.page).toBe(lastPage.pageCount);
    expect(lastPage.items[lastPage.items.length - 1]).toMatchObject({ id: stays, category: { id: k1 } });
    await t.db.updateTable("services").set({ deleted_at: null, deleted_by: null }).where("id", "in", ids).execute();
  });
});

describe("copyService", () => {
  async function richService(categoryId: number) {
    const other = await addService(categoryId, unique("Benötigt"));
    const textAttr = await make.attribute({ type: "text" });
    const dropAttr = await make.attribute({ type: "dropdown" });
    const id = await addService(categoryId, unique("Vorlage"), {
      short_description: "<p>Kurz</p>",
      description: "<p>Lang</p>",
      content: "<p>Umfang</p>",
      advantages: "<p>Vorteile</p>",
      status: "closed",
      statuspercent: 80,
      servicetype: "it",
      servicechangeplanned: 1,
      art_nr: "A-1",
      user: "Alle",
      booking: "Portal",
      restriction: "Keine",
      cancelling: "Monatlich",
      delivery_time: "2 Tage",
      delivery_point: "Büro",
      reporting: "Quartal",
      serviceprovidercontract: "V-1",
      customerspecific: 1,
      serviceart: "Standard",
      plannedchanges: "Umzug",
      processingpersonaldata: 1,
      personaldata: "Name",
      processingsensitivpersonaldata: 1,
      processingpersonaldatalaw: "DSGVO",
      personaldatastorageduration: "1 Jahr",
      personaldatatransfer: "Keine",
      picture: "aGVsbG8=",
      picture_mime: "image/png",
      costs: "10 €",
      system: "SAP",
      factory_service_id: 4711,
      owners: [await make.owner()],
      providers: [await make.provider()],
      kpis: [await make.kpi()],
      tags: [await make.tag(), await make.tag()],
      dependsOn: [other],
      options: [
        { name: "Option 1", costs: 12.5, position: 0, art_nr: "O-1" },
        { name: "Option 2", costs: 0, position: 1 },
        { name: "Option 3", costs: 3, position: 2 },
      ],
      responsibilities: [
        { pos: 0, description: "Betrieb", client: 0, it: 1 },
        { pos: 1, description: "Bestellung", client: 1, it: 0 },
      ],
      links: [{ url: "https://example.com/doc", position: 0 }],
    });
    const dependent = await addService(categoryId, unique("Abhängig"), { dependsOn: [id] });
    // Attribute values have no factory: written as the service page stores them.
    await make.attributeValue(id, textAttr, { text: "Freitext" });
    await make.attributeValue(id, dropAttr, { slot: "three" });
    return { id, other, dependent };
  }

  it("duplicates every field, child and relation to the end of the chosen category, as an open service without parent", async () => {
    const ka = await make.category(catA);
    const target = await make.category(catA);
    const { id, other, dependent } = await richService(ka);
    const occupant = await addService(target);

    const copy = await copyService(t.db, id, { categoryId: target, asDerivative: false }, causer);
    const source = await row(id);
    const created = await row(copy);
    const ignored = new Set(["id", "name", "status", "category_id", "service_catalogue_id", "position", "parent_service_id", "factory_service_id", "created_at", "updated_at", "created_by", "updated_by"]);
    for (const [key, value] of Object.entries(source)) {
      if (!ignored.has(key)) expect(created[key as keyof typeof created], key).toEqual(value);
    }
    expect(created).toMatchObject({
      name: `${source.name} (Kopie)`,
      status: "open",
      statuspercent: 80,
      category_id: target,
      service_catalogue_id: catA,
      position: 1,
      parent_service_id: null,
      factory_service_id: null,
      deleted_at: null,
      created_by: causer.id,
    });
    expect(await positions(target)).toEqual([
      [occupant, 0],
      [copy, 1],
    ]);

    for (const table of ["service_options", "responsibilities", "service_links", "service_attribute_text_items", "service_dropdown_items", "service_owners", "service_providers", "service_kpis", "service_tags"] as const) {
      expect(await countRows(table, copy), table).toBe(await countRows(table, id));
      expect(await countRows(table, copy), table).toBeGreaterThan(0);
    }
    const options = await t.db.selectFrom("service_options").select(["name", "costs", "position", "art_nr"]).where("service_id", "=", copy).orderBy("position").execute();
    expect(options).toEqual([
      { name: "Option 1", costs: 12.5, position: 0, art_nr: "O-1" },
      { name: "Option 2", costs: 0, position: 1, art_nr: null },
      { name: "Option 3", costs: 3, position: 2, art_nr: null },
    ]);
    expect(await t.db.selectFrom("service_dropdown_items").select(["value_reference"]).where("service_id", "=", copy).execute()).toEqual([{ value_reference: "three" }]);
    // The copy requires what the source requires; whoever required the source does not require the copy.
    expect(await t.db.selectFrom("service_dependencies").select(["service_id", "required_service_id"]).where("service_id", "=", copy).execute()).toEqual([
      { service_id: copy, required_service_id: other },
    ]);
    expect(await t.db.selectFrom("service_dependencies").select("service_id").where("required_service_id", "=", copy).execute()).toEqual([]);
    expect(await t.db.selectFrom("service_dependencies").select("required_service_id").where("service_id", "=", dependent).execute()).toEqual([{ required_service_id: id }]);
    // The source is untouched.
    expect(await countRows("service_options", id)).toBe(3);
    expect(source.status).toBe("closed");

    expect(await activities(copy)).toEqual([
      {
        event: "created",
        causer_id: causer.id,
        old: null,
        new: { name: created.name, category_id: target, service_catalogue_id: catA, parent_service_id: null, copied_from: id, derivative: false },
      },
    ]);
  });

  it("uses the suffix it is given and keeps the name within 255 characters", async () => {
    const ka = await make.category(catA);
    const id = await addService(ka, "x".repeat(255));
    const copy = await copyService(t.db, id, { categoryId: ka, asDerivative: false, copySuffix: " (Copy)" }, causer);
    const { name } = await row(copy);
    expect(name).toHaveLength(255);
    expect(name.endsWith(" (Copy)")).toBe(true);
    expectContiguous(await positions(ka));
  });

  it("makes a derivative in another catalogue that remembers its source, and refuses the same catalogue", async () => {
    const ka = await make.category(catA);
    const sameCatalogue = await make.category(catA);
    const kb = await make.category(catB);
    const { id } = await richService(ka);
    const source = await row(id);

    const refused = await rejection(copyService(t.db, id, { categoryId: sameCatalogue, asDerivative: true }, causer));
    expect(refused).toBeInstanceOf(SameCatalogueError);
    expect(await positions(sameCatalogue)).toEqual([]);
    expect(await rejection(copyService(t.db, id, { categoryId: 999_999, asDerivative: true }, causer))).toBeInstanceOf(TargetCategoryNotFoundError);

    const derivative = await copyService(t.db, id, { categoryId: kb, asDerivative: true }, causer);
    expect(await row(derivative)).toMatchObject({ name: source.name, parent_service_id: id, category_id: kb, service_catalogue_id: catB, status: "open", statuspercent: 80, position: 0 });
    expect(await countRows("service_options", derivative)).toBe(3);
    expect((await activities(derivative))[0].new).toMatchObject({ copied_from: id, derivative: true, parent_service_id: id });

    const lineage = await serviceLineage(t.db, derivative);
    expect(lineage).toEqual({ parent: { id, name: source.name }, derivatives: [] });
    const up = await serviceLineage(t.db, id);
    expect(up.parent).toBeNull();
    expect(up.derivatives).toEqual([{ id: derivative, name: source.name, parentId: id, catalogue: { id: catB, title: "Katalog B", frameTitle: null } }]);

    // A trashed source is no longer shown as parent, and cannot be copied.
    await trashService(t.db, derivative, null, causer);
    await restoreService(t.db, derivative, null, causer);
    await trashService(t.db, id, null, causer);
    expect((await serviceLineage(t.db, derivative)).parent).toBeNull();
    expect(await rejection(copyService(t.db, id, { categoryId: kb, asDerivative: false }, causer))).toBeInstanceOf(NotFoundError);
  });
});

describe("categoryChoices", () => {
  it("groups categories by catalogue and can leave one catalogue out", async () => {
    const kb = await make.category(catB, { name: unique("Wahl") });
    const all = await categoryChoices(t.db);
    expect(all.find((g) => g.catalogue.id === catB)?.categories.some((c) => c.id === kb)).toBe(true);
    const without = await categoryChoices(t.db, { excludeCatalogueId: catB });
    expect(without.some((g) => g.catalogue.id === catB)).toBe(false);
    expect(without.some((g) => g.catalogue.id === catA)).toBe(true);
  });
});

describe("the bin and the catalogue", () => {
  it("a trashed service disappears from search and counts and comes back after restore", async () => {
    const catalogue = await make.catalogue({ title: "Suchkatalog" });
    const k = await make.category(catalogue);
    const word = `zyklus${Date.now()}`;
    const id = await addService(k, `Service ${word}`);
    // Unfiltered and by exact name (the quoted form); both must drop the binned service.
    const search = async () => {
      const [all, byName] = await Promise.all([
        searchServices(t.db, catalogue, DEFAULT_QUERY, { pageSize: 100 }),
        searchServices(t.db, catalogue, { ...DEFAULT_QUERY, q: `"Service ${word}"` }, { pageSize: 100 }),
      ]);
      expect(byName.rows.map((r) => r.id)).toEqual(all.rows.map((r) => r.id));
      return all.rows.map((r) => r.id);
    };
    const count = async () => (await listCatalogues(t.db)).find((c) => c.id === catalogue)!.services;

    expect(await search()).toEqual([id]);
    expect(await count()).toBe(1);
    await trashService(t.db, id, null, causer);
    expect(await search()).toEqual([]);
    expect(await count()).toBe(0);
    await restoreService(t.db, id, null, causer);
    expect(await search()).toEqual([id]);
    expect(await count()).toBe(1);
  });
});
