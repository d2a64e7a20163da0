import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "~/modules/access/roles";
import { hiddenForService } from "~/modules/masks/mask-rules.server";
import { DUPLICATE_NAME, createMask, deleteMask, getMask, listMasks, updateMask } from "~/modules/masks/masks.server";
import { parseHidden, type MaskValues } from "~/modules/masks/masks-schema";
import { DETAIL_FLAG_FIELDS, DETAIL_TEXT_FIELDS } from "~/modules/service/service-sections";
import { addDependency, setServiceRelations, updateServiceFields, updateServiceRichText } from "~/modules/service/service.server";
import { listActivitiesFor } from "~/server/audit.server";
import { ForbiddenError, StaleRecordError, ValidationError } from "~/server/errors.server";
import { factories, unique } from "../../factories";
import { useTestDb } from "../../support/test-db";
import { rejection } from "../../support/rejection";

// Attribute masks (issue 15 §2): what a service hides is the union of its category's and its
// area's masks; a save never overwrites a hidden value; names are unique case-insensitively, also
// under concurrent creates. Runs on SQLite by default and on Postgres with DATABASE_URL=postgres://…

const t = useTestDb();
const make = factories(() => t.db);
let admin: { id: number; name: string; role: Role };
let catalogueId: number;
let areaId: number;
let categoryId: number;
let otherCategoryId: number;

const mask = (values: Partial<MaskValues> & Pick<MaskValues, "target_model" | "target_id">): MaskValues => ({
  name: unique("Maske"),
  hidden: { fields: [], sections: [], attributes: [] },
  ...values,
});

const row = (id: number) => t.db.selectFrom("services").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

beforeAll(async () => {
  const u = await make.user("superadmin", { name: "Masken Admin" });
  admin = { id: u.id, name: u.name, role: "superadmin" };
  catalogueId = await make.catalogue({ title: "Maskenkatalog" });
  areaId = await make.area(catalogueId, { name: "Maskenbereich" });
  categoryId = await make.category(catalogueId, { name: "Maskenkategorie", service_area_id: areaId });
  otherCategoryId = await make.category(catalogueId, { name: "Ohne Maske" });
});

describe("which masks apply to a service", () => {
  it("unites the masks of the service's category and of its category's area", async () => {
    const attribute = await make.attribute({ designation: "Verfügbarkeit" });
    const other = await make.attribute({ designation: "Sichtbar" });
    const service = await make.service(catalogueId, categoryId);
    const elsewhere = await make.service(catalogueId, otherCategoryId);
    expect(await hiddenForService(t.db, service)).toEqual({ fields: [], sections: [], attributes: [] });

    await createMask(t.db, mask({ target_model: "area", target_id: areaId, hidden: { sections: ["options"], fields: ["art_nr"], attributes: [] } }), admin);
    await createMask(t.db, mask({ target_model: "category", target_id: categoryId, hidden: { sections: ["links"], fields: ["personaldata"], attributes: [attribute] } }), admin);
    // A mask of another category does not apply.
    await createMask(t.db, mask({ target_model: "category", target_id: otherCategoryId, hidden: { sections: ["tags"], fields: [], attributes: [other] } }), admin);

    const hidden = await hiddenForService(t.db, service);
    expect(hidden.sections.sort()).toEqual(["links", "options"]);
    expect(hidden.fields.sort()).toEqual(["art_nr", "personaldata"]);
    expect(hidden.attributes).toEqual([attribute]);
    expect(await hiddenForService(t.db, elsewhere)).toEqual({ fields: [], sections: ["tags"], attributes: [other] });
  });

  it("a hidden section hides the fields it shows (a rich-text section, the costs section's fields)", async () => {
    const catId = await make.category(catalogueId);
    const service = await make.service(catalogueId, catId);
    await createMask(t.db, mask({ target_model: "category", target_id: catId, hidden: { sections: ["cost", "description"], fields: [], attributes: [] } }), admin);
    const hidden = await hiddenForService(t.db, service);
    expect(hidden.fields.sort()).toEqual(["description", ...DETAIL_TEXT_FIELDS, ...DETAIL_FLAG_FIELDS].sort());
  });

  it("a mask of a deleted category stays inert and the list says its target is gone", async () => {
    const catId = await make.category(catalogueId);
    const id = await createMask(t.db, mask({ target_model: "category", target_id: catId, hidden: { sections: ["tags"], fields: [], attributes: [] } }), admin);
    expect((await getMask(t.db, id)).target_name).not.toBeNull();
    await t.db.deleteFrom("service_categories").where("id", "=", catId).execute();
    const listed = (await listMasks(t.db)).find((m) => m.id === id)!;
    expect(listed).toMatchObject({ target_name: null, target_id: catId });
  });
});

describe("a save never overwrites a hidden value", () => {
  it("the details save keeps a hidden field and writes the others", async () => {
    const catId = await make.category(catalogueId);
    const service = await make.service(catalogueId, catId, { art_nr: "ART-1", costs: "10 €", booking: "Portal" });
    await createMask(t.db, mask({ target_model: "category", target_id: catId, hidden: { fields: ["art_nr"], sections: [], attributes: [] } }), admin);
    // What the details form posts when art_nr has no input: every other field, art_nr empty (null).
    const values = Object.fromEntries(DETAIL_TEXT_FIELDS.map((f) => [f, null])) as Record<string, string | number | null>;
    Object.assign(values, { costs: "20 €", booking: "Telefon", customerspecific: 0 });
    const before = await row(service);
    const changed = await updateServiceFields(t.db, service, values, "details", before.updated_at, admin);
    const after = await row(service);
    expect(after).toMatchObject({ art_nr: "ART-1", costs: "20 €", booking: "Telefon" });
    expect(changed).not.toContain("art_nr");
    const activity = (await listActivitiesFor(t.db, "service", service)).find((a) => a.description === "details")!;
    expect(Object.keys(JSON.parse(activity.new_values!))).not.toContain("art_nr");
  });

  it("a hidden rich-text field, the tags and the dependencies of a hidden section are refused, nothing written", async () => {
    const catId = await make.category(catalogueId);
    const tag = await make.tag();
    const required = await make.service(catalogueId, catId);
    const service = await make.service(catalogueId, catId, { description: "<p>geheim</p>" });
    await createMask(t.db, mask({ target_model: "category", target_id: catId, hidden: { sections: ["description", "tags", "dependencies"], fields: [], attributes: [] } }), admin);
    const before = await row(service);
    expect(await rejection(updateServiceRichText(t.db, service, "description", "<p>neu</p>", before.updated_at, admin))).toBeInstanceOf(ForbiddenError);
    expect(await rejection(setServiceRelations(t.db, service, { tags: [tag] }, before.updated_at, admin))).toBeInstanceOf(ForbiddenError);
    expect(await rejection(addDependency(t.db, service, required, before.updated_at, admin))).toBeInstanceOf(ForbiddenError);
    const after = await row(service);
    expect(after.description).toBe("<p>geheim</p>");
    expect(after.updated_at).toBe(before.updated_at);
    expect(await t.db.selectFrom("service_tags").select("tag_id").where("service_id", "=", service).execute()).toEqual([]);
    // A visible rich-text field still saves.
    await updateServiceRichText(t.db, service, "content", "<p>sichtbar</p>", before.updated_at, admin);
    expect((await row(service)).content).toBe("<p>sichtbar</p>");
  });
});

describe("create, update, delete", () => {
  it("names are unique case-insensitively, with the spec's message as the name's error", async () => {
    const name = unique("Eindeutig");
    await createMask(t.db, mask({ name, target_model: "area", target_id: areaId }), admin);
    const error = await rejection(createMask(t.db, mask({ name: name.toUpperCase(), target_model: "area", target_id: areaId }), admin));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors).toEqual({ name: DUPLICATE_NAME });
    const second = await createMask(t.db, mask({ target_model: "area", target_id: areaId }), admin);
    const current = await getMask(t.db, second);
    const renamed = await rejection(updateMask(t.db, second, { ...mask({ target_model: "area", target_id: areaId }), name: ` ${name.toLowerCase()}`.trim() }, current.updated_at, admin));
    expect((renamed as ValidationError).errors).toEqual({ name: DUPLICATE_NAME });
  });

  it("two concurrent creates of one name: one succeeds, the other gets the name's field error", async () => {
    const name = unique("Gleichzeitig");
    const results = await Promise.allSettled([
      createMask(t.db, mask({ name, target_model: "category", target_id: categoryId }), admin),
      createMask(t.db, mask({ name: name.toLowerCase(), target_model: "category", target_id: categoryId }), admin),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(ValidationError);
    expect((refused.reason as ValidationError).errors).toEqual({ name: DUPLICATE_NAME });
    const stored = await t.db.selectFrom("attribute_masks").select("id").where("name", "in", [name, name.toLowerCase()]).execute();
    expect(stored).toHaveLength(1);
  });

  it("refuses a target or an attribute that does not exist", async () => {
    const target = await rejection(createMask(t.db, mask({ target_model: "category", target_id: 999_999 }), admin));
    expect((target as ValidationError).errors).toEqual({ category_id: "masks.errors.target" });
    const area = await rejection(createMask(t.db, mask({ target_model: "area", target_id: categoryId + 999_999 }), admin));
    expect((area as ValidationError).errors).toEqual({ area_id: "masks.errors.target" });
    const attribute = await rejection(createMask(t.db, mask({ target_model: "area", target_id: areaId, hidden: { fields: [], sections: [], attributes: [999_999] } }), admin));
    expect((attribute as ValidationError).errors).toEqual({ attributes: "masks.errors.unknown" });
  });

  it("audits each write with old and new values, and refuses a stale form", async () => {
    const name = unique("Protokoll");
    const id = await createMask(t.db, mask({ name, target_model: "area", target_id: areaId, hidden: { sections: ["tags"], fields: [], attributes: [] } }), admin);
    const loaded = await getMask(t.db, id);
    expect(loaded.hidden).toEqual(parseHidden(JSON.stringify(["section:tags"])));
    const changed = await updateMask(
      t.db,
      id,
      mask({ name, target_model: "category", target_id: otherCategoryId, hidden: { sections: ["tags"], fields: ["costs"], attributes: [] } }),
      loaded.updated_at,
      admin,
    );
    expect(changed).toBe(true);
    expect(await updateMask(t.db, id, mask({ name, target_model: "category", target_id: otherCategoryId, hidden: { sections: ["tags"], fields: ["costs"], attributes: [] } }), null, admin)).toBe(false);
    const stale = await rejection(updateMask(t.db, id, mask({ name, target_model: "area", target_id: areaId }), loaded.updated_at, admin));
    expect(stale).toBeInstanceOf(StaleRecordError);
    await deleteMask(t.db, id, admin);
    expect(await t.db.selectFrom("attribute_masks").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();

    const activities = (await listActivitiesFor(t.db, "attribute_mask", id)).map((a) => ({
      event: a.event,
      causer: a.causer_id,
      old: a.old_values ? JSON.parse(a.old_values) : null,
      new: a.new_values ? JSON.parse(a.new_values) : null,
    }));
    expect(activities.map((a) => a.event).sort()).toEqual(["created", "deleted", "updated"]);
    expect(activities.every((a) => a.causer === admin.id)).toBe(true);
    const created = activities.find((a) => a.event === "created")!;
    expect(created.new).toEqual({ name, target_model: "area", target_id: areaId, hidden_sections: ["tags"], hidden_fields: [], hidden_attributes: [] });
    const updated = activities.find((a) => a.event === "updated")!;
    expect(updated.old).toEqual({ target_model: "area", target_id: areaId, hidden_fields: [] });
    expect(updated.new).toEqual({ target_model: "category", target_id: otherCategoryId, hidden_fields: ["costs"] });
    expect(activities.find((a) => a.event === "deleted")!.old).toMatchObject({ name, target_model: "category", target_id: otherCategoryId });
  });
});
