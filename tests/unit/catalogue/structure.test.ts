import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listActivitiesFor } from "~/server/audit.server";
import { NotFoundError, StaleRecordError, ValidationError } from "~/server/errors.server";
import {
  HasChildrenError,
  createArea,
  createCategory,
  deleteArea,
  deleteCategory,
  getArea,
  getCategory,
  getImage,
  listAreaOptions,
  plainDescription,
  setAreaImage,
  setCategoryImage,
  updateArea,
  updateCategory,
} from "~/modules/catalogue/structure.server";
import { isServiceAreaActive } from "~/modules/catalogue/catalogue.server";
import { factories, unique, type ServiceSpec } from "../../factories";
import { PNG } from "../../support/helpers";
import { useTestDb } from "../../support/test-db";
import { rejection } from "../../support/rejection";

// Runs on SQLite by default and on Postgres with DATABASE_URL=postgres://…

// A valid 1×1 PNG.
const PNG_BASE64 = PNG.toString("base64");

const t = useTestDb();
const make = factories(() => t.db);
let causer: { id: number; name: string };
let catalogueId: number;
let otherCatalogueId: number;

/** A service in a category of the test catalogue. */
async function insertService(categoryId: number, name: string, extra: ServiceSpec = {}) {
  return make.service(catalogueId, categoryId, { name, position: 0, deleted_at: null, status: "open", ...extra });
}

async function activities(type: "area" | "category", id: number) {
  const rows = await listActivitiesFor(t.db, type, id);
  return rows.map((r) => ({
    event: r.event,
    causer_id: r.causer_id,
    old: r.old_values ? JSON.parse(r.old_values) : null,
    new: r.new_values ? JSON.parse(r.new_values) : null,
  }));
}

beforeAll(async () => {
  const user = await make.user("keyuser", { name: "Struktur Keyuser", email: "keyuser@structure.test" });
  causer = { id: user.id, name: user.name };
  catalogueId = await make.catalogue({ title: "Katalog A" });
  otherCatalogueId = await make.catalogue({ title: "Katalog B" });
});

describe("createArea / createCategory", () => {
  it("creates areas at the end of their catalogue, trims the name and audits the creation", async () => {
    const first = await createArea(t.db, { name: "  Arbeitsplatz  ", catalogueId }, causer);
    const second = await createArea(t.db, { name: "Infrastruktur", catalogueId }, causer);
    const elsewhere = await createArea(t.db, { name: "Personal", catalogueId: otherCatalogueId }, causer);
    const a = await getArea(t.db, first);
    const b = await getArea(t.db, second);
    const c = await getArea(t.db, elsewhere);
    expect(a).toMatchObject({ name: "Arbeitsplatz", description: null, service_catalogue_id: catalogueId, has_image: false, categories: [] });
    expect(b!.position).toBe(a!.position + 1);
    expect(c!.position).toBe(0);
    expect(await activities("area", first)).toEqual([
      { event: "created", causer_id: causer.id, old: null, new: { service_catalogue_id: catalogueId, name: "Arbeitsplatz", description: null, position: a!.position } },
    ]);
  });

  it("refuses an empty or too long name and an unknown catalogue, writing nothing", async () => {
    const before = await t.db.selectFrom("service_areas").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    const empty = await rejection(createArea(t.db, { name: "   ", catalogueId }, causer));
    expect(empty).toBeInstanceOf(ValidationError);
    expect((empty as ValidationError).errors).toEqual({ name: "validation.required" });
    const long = await rejection(createCategory(t.db, { name: "x".repeat(256), catalogueId, areaId: null }, causer));
    expect((long as ValidationError).errors).toEqual({ name: "validation.tooLong|max=255" });
    const description = await rejection(createArea(t.db, { name: "Ok", description: "x".repeat(20_001), catalogueId }, causer));
    expect((description as ValidationError).errors).toEqual({ description: "validation.tooLong|max=20000" });
    expect(await rejection(createArea(t.db, { name: "Ok", catalogueId: 999_999 }, causer))).toBeInstanceOf(NotFoundError);
    const after = await t.db.selectFrom("service_areas").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await createArea(t.db, { name: "x".repeat(255), catalogueId }, causer)).toBeGreaterThan(0);
  });

  it("creates categories at the end of their area, and only in an area of the same catalogue", async () => {
    const area = await createArea(t.db, { name: "Kommunikation", catalogueId }, causer);
    const foreignArea = await createArea(t.db, { name: "Fremd", catalogueId: otherCatalogueId }, causer);
    const one = await createCategory(t.db, { name: "Telefonie", catalogueId, areaId: area }, causer);
    const two = await createCategory(t.db, { name: "E-Mail", catalogueId, areaId: area }, causer);
    expect((await getCategory(t.db, one))!.position).toBe(0);
    expect((await getCategory(t.db, two))!.position).toBe(1);
    expect(await getCategory(t.db, two)).toMatchObject({ service_area_id: area, area: { id: area, name: "Kommunikation" }, services: [] });
    const wrong = await rejection(createCategory(t.db, { name: "X", catalogueId, areaId: foreignArea }, causer));
    expect((wrong as ValidationError).errors).toEqual({ areaId: "structure.areaInvalid" });
    const loose = await createCategory(t.db, { name: "Ohne Bereich", catalogueId, areaId: null }, causer);
    expect(await getCategory(t.db, loose)).toMatchObject({ service_area_id: null, area: null });
    expect((await activities("category", two))[0]).toMatchObject({ event: "created", new: { name: "E-Mail", service_area_id: area, position: 1 } });
  });
});

describe("getArea / getCategory", () => {
  it("lists categories by position then name, counting only services that are not in the bin", async () => {
    const area = await createArea(t.db, { name: "Reihenfolge", catalogueId }, causer);
    const ids: Record<string, number> = {};
    for (const [name, position] of [["Zeta", 0], ["beta", 1], ["Alpha", 1]] as const) {
      ids[name] = await make.category(catalogueId, { name, position, service_area_id: area });
    }
    await insertService(ids.Alpha, "Live 1");
    await insertService(ids.Alpha, "Live 2");
    await insertService(ids.Alpha, "Im Papierkorb", { deleted_at: new Date().toISOString() });
    await insertService(ids.Zeta, "Nur im Papierkorb", { deleted_at: new Date().toISOString() });
    const detail = await getArea(t.db, area);
    expect(detail!.categories.map((c) => [c.name, c.service_count])).toEqual([
      ["Zeta", 0],
      ["Alpha", 2],
      ["beta", 0],
    ]);
  });

  it("returns a category's area and its live services by position, with status and type", async () => {
    const area = await createArea(t.db, { name: "Dienste", catalogueId }, causer);
    const category = await createCategory(t.db, { name: "Drucken", catalogueId, areaId: area }, causer);
    const late = await insertService(category, "Scannen", { position: 2, status: "closed" });
    const early = await insertService(category, "Drucken am Platz", { position: 1, status: "checking" });
    await insertService(category, "Gelöschter Drucker", { position: 0, deleted_at: new Date().toISOString() });
    const detail = await getCategory(t.db, category);
    expect(detail!.area).toEqual({ id: area, name: "Dienste" });
    expect(detail!.services).toEqual([
      { id: early, name: "Drucken am Platz", status: "checking", statuspercent: 0, servicetype: "customer", position: 1, stage: "live" },
      { id: late, name: "Scannen", status: "closed", statuspercent: 0, servicetype: "customer", position: 2, stage: "live" },
    ]);
  });

  it("answers undefined for unknown ids", async () => {
    expect(await getArea(t.db, 987_654)).toBeUndefined();
    expect(await getCategory(t.db, 987_654)).toBeUndefined();
    expect(await getImage(t.db, "area", 987_654)).toBeUndefined();
  });

  it("reads legacy HTML descriptions as plain text", async () => {
    const id = await make.area(catalogueId, { name: "Alt", description: "<p>Erster Absatz &amp; mehr.</p><p>Zweiter.</p>" });
    expect((await getArea(t.db, id))!.description).toBe("Erster Absatz & mehr. Zweiter.");
    expect(plainDescription("a < b und <Tag> im Text")).toBe("a < b und <Tag> im Text");
    expect(plainDescription(null)).toBeNull();
  });

  it("lists the areas of one catalogue for the category's area choice", async () => {
    const options = await listAreaOptions(t.db, otherCatalogueId);
    expect(options.map((o) => o.name)).toEqual(["Personal", "Fremd"]);
  });

  it("reads the area-level switch", async () => {
    expect(await isServiceAreaActive(t.db)).toBe(true);
    await t.db.updateTable("service_area_config").set({ active: 0 }).where("id", "=", 1).execute();
    expect(await isServiceAreaActive(t.db)).toBe(false);
    await t.db.updateTable("service_area_config").set({ active: 1 }).where("id", "=", 1).execute();
  });
});

describe("updateArea / updateCategory", () => {
  let area: number;
  beforeEach(async () => {
    area = await createArea(t.db, { name: unique("Bearbeiten"), catalogueId }, causer);
  });

  it("saves name and description, moves updated_at forward and audits old and new values", async () => {
    const before = (await getArea(t.db, area))!;
    await updateArea(t.db, area, { name: "Neuer Name", description: "  Zeile 1\r\nZeile 2  " }, before.updated_at, causer);
    const after = (await getArea(t.db, area))!;
    expect(after).toMatchObject({ name: "Neuer Name", description: "Zeile 1\nZeile 2" });
    expect(after.updated_at > before.updated_at).toBe(true);
    const [latest] = await activities("area", area);
    expect(latest).toEqual({
      event: "updated",
      causer_id: causer.id,
      old: { name: before.name, description: null },
      new: { name: "Neuer Name", description: "Zeile 1\nZeile 2" },
    });
  });

  it("writes nothing when nothing changed", async () => {
    const before = (await getArea(t.db, area))!;
    await updateArea(t.db, area, { name: before.name, description: "" }, before.updated_at, causer);
    expect((await getArea(t.db, area))!.updated_at).toBe(before.updated_at);
    expect(await activities("area", area)).toHaveLength(1);
  });

  it("refuses a save based on an older version (stale form) and keeps the newer one", async () => {
    const loaded = (await getArea(t.db, area))!;
    await updateArea(t.db, area, { name: "Von Anna", description: null }, loaded.updated_at, causer);
    const error = await rejection(updateArea(t.db, area, { name: "Von Bernd", description: "B" }, loaded.updated_at, causer));
    expect(error).toBeInstanceOf(StaleRecordError);
    expect((error as StaleRecordError).current).toMatchObject({ name: "Von Anna", description: null });
    expect((error as StaleRecordError).changedFields).toEqual(["name", "description"]);
    expect((await getArea(t.db, area))!.name).toBe("Von Anna");
  });

  it("refuses invalid input and unknown ids", async () => {
    const loaded = (await getArea(t.db, area))!;
    const error = await rejection(updateArea(t.db, area, { name: "", description: null }, loaded.updated_at, causer));
    expect((error as ValidationError).errors).toEqual({ name: "validation.required" });
    expect(await rejection(updateArea(t.db, 987_654, { name: "X" }, null, causer))).toBeInstanceOf(NotFoundError);
    expect(await rejection(updateCategory(t.db, 987_654, { name: "X" }, null, causer))).toBeInstanceOf(NotFoundError);
  });

  it("moves a category to the end of another area of its catalogue, or keeps its area when none is given", async () => {
    const target = await createArea(t.db, { name: "Ziel", catalogueId }, causer);
    await createCategory(t.db, { name: "Schon da", catalogueId, areaId: target }, causer);
    const category = await createCategory(t.db, { name: "Wandert", catalogueId, areaId: area }, causer);
    let loaded = (await getCategory(t.db, category))!;
    await updateCategory(t.db, category, { name: "Wandert", description: null }, loaded.updated_at, causer);
    expect((await getCategory(t.db, category))!.service_area_id).toBe(area);

    await updateCategory(t.db, category, { name: "Wandert", description: null, areaId: target }, loaded.updated_at, causer);
    loaded = (await getCategory(t.db, category))!;
    expect(loaded).toMatchObject({ service_area_id: target, position: 1, area: { id: target, name: "Ziel" } });
    expect((await activities("category", category))[0]).toMatchObject({
      event: "updated",
      old: { service_area_id: area },
      new: { service_area_id: target },
    });

    const foreign = await createArea(t.db, { name: "Anderer Katalog", catalogueId: otherCatalogueId }, causer);
    const error = await rejection(updateCategory(t.db, category, { name: "Wandert", areaId: foreign }, loaded.updated_at, causer));
    expect((error as ValidationError).errors).toEqual({ areaId: "structure.areaInvalid" });
    expect((await getCategory(t.db, category))!.service_area_id).toBe(target);

    const stale = await rejection(updateCategory(t.db, category, { name: "Alt", areaId: null }, "2000-01-01T00:00:00.000Z", causer));
    expect(stale).toBeInstanceOf(StaleRecordError);
    expect((stale as StaleRecordError).changedFields).toEqual(["name", "service_area_id"]);
  });
});

describe("images", () => {
  it("round-trips an image, audits only that it changed, and removes it", async () => {
    const area = await createArea(t.db, { name: "Mit Bild", catalogueId }, causer);
    const before = (await getArea(t.db, area))!;
    await setAreaImage(t.db, area, { data: PNG_BASE64, mime: "image/png" }, causer);
    const image = await getImage(t.db, "area", area);
    const withImage = (await getArea(t.db, area))!;
    expect(image!.mime).toBe("image/png");
    expect(image!.data.equals(Buffer.from(PNG_BASE64, "base64"))).toBe(true);
    expect(image!.updated_at).toBe(withImage.updated_at);
    expect(withImage.has_image).toBe(true);
    expect(withImage.updated_at > before.updated_at).toBe(true);

    await setAreaImage(t.db, area, null, causer);
    expect(await getImage(t.db, "area", area)).toBeUndefined();
    expect((await getArea(t.db, area))!.has_image).toBe(false);

    const log = await activities("area", area);
    expect(log.slice(0, 2)).toEqual([
      { event: "updated", causer_id: causer.id, old: null, new: { image: "removed" } },
      { event: "updated", causer_id: causer.id, old: null, new: { image: "changed" } },
    ]);
    const raw = await t.db.selectFrom("activities").select(["old_values", "new_values"]).where("subject_type", "=", "area").execute();
    expect(raw.some((r) => `${r.old_values}${r.new_values}`.includes(PNG_BASE64.slice(0, 20)))).toBe(false);
    // Removing again changes nothing.
    await setAreaImage(t.db, area, null, causer);
    expect(await activities("area", area)).toHaveLength(log.length);
  });

  it("stores category images separately and refuses other types, empty or oversized data", async () => {
    const category = await createCategory(t.db, { name: "Bildkategorie", catalogueId, areaId: null }, causer);
    await setCategoryImage(t.db, category, { data: PNG_BASE64, mime: "image/png" }, causer);
    expect((await getImage(t.db, "category", category))!.mime).toBe("image/png");
    expect(await getImage(t.db, "area", category)).toBeUndefined();
    for (const image of [
      { data: PNG_BASE64, mime: "image/gif" },
      { data: "", mime: "image/png" },
    ]) {
      const error = await rejection(setCategoryImage(t.db, category, image, causer));
      expect((error as ValidationError).errors).toEqual({ image: "structure.imageType" });
    }
    const big = Buffer.alloc(2 * 1024 * 1024 + 1, 1).toString("base64");
    const error = await rejection(setCategoryImage(t.db, category, { data: big, mime: "image/jpeg" }, causer));
    expect((error as ValidationError).errors).toEqual({ image: "structure.imageTooLarge" });
    expect(await rejection(setAreaImage(t.db, 987_654, { data: PNG_BASE64, mime: "image/png" }, causer))).toBeInstanceOf(NotFoundError);
  });
});

describe("deleteArea / deleteCategory", () => {
  it("refuses to delete an area that still has categories, and deletes an empty one", async () => {
    const area = await createArea(t.db, { name: "Voll", catalogueId }, causer);
    const category = await createCategory(t.db, { name: "Kind", catalogueId, areaId: area }, causer);
    const error = await rejection(deleteArea(t.db, area, causer));
    expect(error).toBeInstanceOf(HasChildrenError);
    expect((error as HasChildrenError).children).toEqual([{ id: category, name: "Kind" }]);
    expect((error as HasChildrenError).total).toBe(1);
    expect(await getArea(t.db, area)).toBeDefined();

    await deleteCategory(t.db, category, causer);
    await deleteArea(t.db, area, causer);
    expect(await getArea(t.db, area)).toBeUndefined();
    expect((await activities("area", area))[0]).toMatchObject({ event: "deleted", causer_id: causer.id, old: { name: "Voll" } });
    expect(await rejection(deleteArea(t.db, area, causer))).toBeInstanceOf(NotFoundError);
  });

  it("refuses to delete a category with live services; binned services lose their category when it goes", async () => {
    const category = await createCategory(t.db, { name: "Mit Services", catalogueId, areaId: null }, causer);
    const live = await insertService(category, "Aktiv");
    const binned = await insertService(category, "Gelöscht", { deleted_at: new Date().toISOString() });
    const error = await rejection(deleteCategory(t.db, category, causer));
    expect(error).toBeInstanceOf(HasChildrenError);
    expect(error).toMatchObject({ kind: "category", total: 1, children: [{ id: live, name: "Aktiv" }] });
    expect(await getCategory(t.db, category)).toBeDefined();

    await t.db.updateTable("services").set({ deleted_at: new Date().toISOString() }).where("id", "=", live).execute();
    await deleteCategory(t.db, category, causer);
    expect(await getCategory(t.db, category)).toBeUndefined();
    const services = await t.db.selectFrom("services").select(["id", "category_id"]).where("id", "in", [live, binned]).orderBy("id").execute();
    expect(services).toEqual([
      { id: live, category_id: null },
      { id: binned, category_id: null },
    ]);
    expect((await activities("category", category))[0]).toMatchObject({
      event: "deleted",
      old: { name: "Mit Services", binned_service_ids: [live, binned].sort((a, b) => a - b) },
    });
  });
});
