import { beforeAll, describe, expect, it } from "vitest";
import { canEditCategory, canEditService } from "~/modules/access/permissions.server";
import { listActivitiesFor } from "~/server/audit.server";
import { NotFoundError } from "~/server/errors.server";
import { SETTING_KEYS, getExportActive, getSetting } from "~/server/settings.server";
import {
  categoryServices,
  findGrantUser,
  grantAllCategories,
  grantCounts,
  grantOverview,
  revokeAllGrants,
  setCategoryGrant,
  setServiceGrant,
  setWordExport,
  SERVICES_PER_PAGE,
} from "~/modules/users/grants.server";
import { setExportActive } from "~/modules/wordexport/export-access.server";
import { factories, type TestUser } from "../../factories";
import { rejection } from "../../support/rejection";
import { useTestDb } from "../../support/test-db";

// A user's grants, word-export flag and the export licence (issue 13 §2, §3).
// Runs on SQLite by default and on Postgres with DATABASE_URL=postgres://…

const t = useTestDb();
const make = factories(() => t.db);
let admin: TestUser;
let catalogueId: number;
let areaId: number;
let inArea: number; // category in an area
let loose: number; // category without an area
let services: number[]; // live services of `inArea`
let trashed: number; // a trashed service of `inArea`

const causer = () => ({ id: admin.id, name: admin.name });
const activities = async (userId: number) => (await listActivitiesFor(t.db, "user", userId)).filter((a) => a.event !== "created");
const json = (value: string | null) => (value ? JSON.parse(value) : null);

beforeAll(async () => {
  admin = await make.user("superadmin", { name: "Rechte-Admin" });
  catalogueId = await make.catalogue({ title: "Freigabe-Katalog" });
  areaId = await make.area(catalogueId, { name: "Arbeitsplatz", position: 1 });
  inArea = await make.category(catalogueId, { name: "Notebooks", service_area_id: areaId });
  loose = await make.category(catalogueId, { name: "Lose Kategorie" });
  services = [];
  for (let i = 0; i < 3; i++) services.push(await make.service(catalogueId, inArea, { name: `Dienst ${i}`, position: i }));
  trashed = await make.service(catalogueId, inArea, { name: "Im Papierkorb", deleted_at: new Date().toISOString() });
});

describe("category grants", () => {
  it("grants and revokes one category, idempotently, and the user's edit rights follow on the next check", async () => {
    const user = await make.user("user");
    expect(await canEditService(t.db, user, services[0])).toBe(false);

    expect(await setCategoryGrant(t.db, user.id, inArea, true, causer())).toEqual({ changed: true, name: "Notebooks" });
    expect(await setCategoryGrant(t.db, user.id, inArea, true, causer())).toEqual({ changed: false, name: "Notebooks" });
    expect(await t.db.selectFrom("user_category_permissions").selectAll().where("user_id", "=", user.id).execute()).toEqual([{ user_id: user.id, category_id: inArea }]);
    expect(await canEditService(t.db, user, services[0])).toBe(true);
    expect(await canEditCategory(t.db, user, inArea)).toBe(true);

    expect((await setCategoryGrant(t.db, user.id, inArea, false, causer())).changed).toBe(true);
    expect((await setCategoryGrant(t.db, user.id, inArea, false, causer())).changed).toBe(false);
    expect(await canEditService(t.db, user, services[0])).toBe(false);

    // One activity per change (none for the repeated ones), naming the category by id and name.
    const log = await activities(user.id);
    expect(log.map((a) => a.event)).toEqual(["permission_revoked", "permission_granted"]);
    expect(log[1]).toMatchObject({ subject_type: "user", subject_id: String(user.id), causer_id: admin.id, causer_name: "Rechte-Admin" });
    expect(json(log[1].new_values)).toEqual({ category_id: inArea, category: "Notebooks" });
    expect(json(log[0].old_values)).toEqual({ category_id: inArea, category: "Notebooks" });
  });

  it("refuses an unknown category or user and writes nothing", async () => {
    const user = await make.user("user");
    expect(await rejection(setCategoryGrant(t.db, user.id, 999_999, true, causer()))).toBeInstanceOf(NotFoundError);
    expect(await rejection(setCategoryGrant(t.db, 999_999, inArea, true, causer()))).toBeInstanceOf(NotFoundError);
    expect(await t.db.selectFrom("user_category_permissions").selectAll().where("user_id", "=", user.id).execute()).toEqual([]);
    expect(await activities(user.id)).toEqual([]);
  });
});

describe("service grants", () => {
  it("grants and revokes one service; a trashed service cannot be granted", async () => {
    const user = await make.user("user");
    expect(await setServiceGrant(t.db, user.id, services[1], true, causer())).toEqual({ changed: true, name: "Dienst 1" });
    expect((await setServiceGrant(t.db, user.id, services[1], true, causer())).changed).toBe(false);
    expect(await canEditService(t.db, user, services[1])).toBe(true);
    expect(await canEditService(t.db, user, services[0])).toBe(false);
    // A single service grant is not a category grant (moving services into the category needs one).
    expect(await canEditCategory(t.db, user, inArea)).toBe(false);

    expect(await rejection(setServiceGrant(t.db, user.id, trashed, true, causer()))).toBeInstanceOf(NotFoundError);
    expect(await rejection(setServiceGrant(t.db, user.id, 999_999, true, causer()))).toBeInstanceOf(NotFoundError);

    expect((await setServiceGrant(t.db, user.id, services[1], false, causer())).changed).toBe(true);
    expect(await canEditService(t.db, user, services[1])).toBe(false);

    const log = await activities(user.id);
    expect(log.map((a) => a.event)).toEqual(["permission_revoked", "permission_granted"]);
    expect(json(log[1].new_values)).toEqual({ service_id: services[1], service: "Dienst 1" });
    expect(json(log[0].old_values)).toEqual({ service_id: services[1], service: "Dienst 1" });
  });

  it("lists an opened category's live services a page at a time, each with its grant", async () => {
    const user = await make.user("user");
    await make.grant(user.id, { serviceId: services[2] });
    const page = await categoryServices(t.db, user.id, inArea);
    expect(page).toEqual({
      category: { id: inArea, name: "Notebooks" },
      services: [
        { id: services[0], name: "Dienst 0", granted: false },
        { id: services[1], name: "Dienst 1", granted: false },
        { id: services[2], name: "Dienst 2", granted: true },
      ],
      total: 3,
      page: 1,
      pageCount: 1,
    });
    expect(await categoryServices(t.db, user.id, 999_999)).toBeUndefined();
    // Past the last page: no services, the same total.
    expect(await categoryServices(t.db, user.id, inArea, 2)).toMatchObject({ services: [], total: 3, page: 2, pageCount: 1 });
    expect(SERVICES_PER_PAGE).toBeGreaterThan(3);
  });
});

describe("overview", () => {
  it("groups every catalogue's categories by area, with grants and single service grants; an empty static catalogue is left out", async () => {
    const user = await make.user("user");
    await make.grant(user.id, { categoryId: loose });
    await make.grant(user.id, { serviceId: services[0] });
    await make.grant(user.id, { serviceId: trashed }); // not counted: trashed
    const emptyCatalogue = await make.catalogue({ title: "Leer" });

    const { catalogues, grantedServices } = await grantOverview(t.db, user.id);
    expect(grantedServices).toBe(1);
    expect(catalogues.map((c) => c.id)).not.toContain(-1);
    expect(catalogues.find((c) => c.id === emptyCatalogue)).toMatchObject({ categoryCount: 0, grantedCount: 0, areas: [] });
    const mine = catalogues.find((c) => c.id === catalogueId)!;
    expect(mine).toMatchObject({ title: "Freigabe-Katalog", categoryCount: 2, grantedCount: 1 });
    // "Without area" first, then the areas in their order.
    expect(mine.areas).toEqual([
      { id: null, name: null, categories: [{ id: loose, name: "Lose Kategorie", granted: true, grantedServices: 0 }] },
      { id: areaId, name: "Arbeitsplatz", categories: [{ id: inArea, name: "Notebooks", granted: false, grantedServices: 1 }] },
    ]);

    // The static catalogue shows up once it has a category.
    const staticCategory = await make.category(-1, { name: "Statisch" });
    const after = await grantOverview(t.db, user.id);
    expect(after.catalogues.find((c) => c.id === -1)?.areas[0].categories.map((c) => c.id)).toEqual([staticCategory]);
    await t.db.deleteFrom("service_categories").where("id", "=", staticCategory).execute();
  });
});

describe("grant all, remove all", () => {
  it("grant all grants every category of every catalogue; remove all removes every category and service grant", async () => {
    const user = await make.user("user");
    const other = await make.user("user");
    await make.grant(user.id, { categoryId: loose });
    await make.grant(user.id, { serviceId: services[0] });
    await make.grant(other.id, { categoryId: inArea });
    const otherCatalogue = await make.catalogue();
    const otherCategory = await make.category(otherCatalogue);
    const allCategories = Number((await t.db.selectFrom("service_categories").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

    expect(await grantCounts(t.db, user.id)).toEqual({ allCategories, categories: 1, services: 1 });
    expect(await grantAllCategories(t.db, user.id, causer())).toBe(allCategories - 1);
    expect(await grantAllCategories(t.db, user.id, causer())).toBe(0);
    const granted = await t.db.selectFrom("user_category_permissions").select("category_id").where("user_id", "=", user.id).execute();
    expect(granted).toHaveLength(allCategories);
    expect(granted.map((g) => g.category_id)).toContain(otherCategory);
    expect(await canEditService(t.db, user, services[2])).toBe(true);

    expect(await revokeAllGrants(t.db, user.id, causer())).toEqual({ categories: allCategories, services: 1 });
    expect(await revokeAllGrants(t.db, user.id, causer())).toEqual({ categories: 0, services: 0 });
    expect(await grantCounts(t.db, user.id)).toEqual({ allCategories, categories: 0, services: 0 });
    expect(await canEditService(t.db, user, services[0])).toBe(false);
    // Another user's grants stay.
    expect(await grantCounts(t.db, other.id)).toMatchObject({ categories: 1 });

    const log = await activities(user.id);
    expect(log.map((a) => a.event)).toEqual(["permissions_revoked_all", "permissions_granted_all"]);
    expect(json(log[1].new_values)).toEqual({ categories_added: allCategories - 1, categories: allCategories });
    expect(json(log[0].old_values)).toEqual({ categories: allCategories, services: 1 });
    expect(log[0].causer_id).toBe(admin.id);
  });

  it("refuses an unknown user", async () => {
    expect(await rejection(grantAllCategories(t.db, 999_999, causer()))).toBeInstanceOf(NotFoundError);
    expect(await rejection(revokeAllGrants(t.db, 999_999, causer()))).toBeInstanceOf(NotFoundError);
  });
});

describe("word export and the export licence", () => {
  it("switches a user's word-export flag, once per change, with an activity", async () => {
    const user = await make.user("keyuser");
    expect((await findGrantUser(t.db, user.id))?.wordExport).toBe(false);
    expect(await setWordExport(t.db, user.id, true, causer())).toBe(true);
    expect(await setWordExport(t.db, user.id, true, causer())).toBe(false);
    expect(await findGrantUser(t.db, user.id)).toEqual({ id: user.id, name: user.name, email: user.email, role: "keyuser", wordExport: true });
    expect(await setWordExport(t.db, user.id, false, causer())).toBe(true);
    expect((await findGrantUser(t.db, user.id))?.wordExport).toBe(false);

    const log = await activities(user.id);
    expect(log.map((a) => [a.event, json(a.old_values), json(a.new_values)])).toEqual([
      ["word_export_changed", { word_export: true }, { word_export: false }],
      ["word_export_changed", { word_export: false }, { word_export: true }],
    ]);
    expect(await rejection(setWordExport(t.db, 999_999, true, causer()))).toBeInstanceOf(NotFoundError);
    expect(await findGrantUser(t.db, 999_999)).toBeUndefined();
  });

  it("the licence allows exporting until it is switched off; each switch is recorded", async () => {
    expect(await getSetting(t.db, SETTING_KEYS.exportActive)).toBeUndefined();
    expect(await getExportActive(t.db)).toBe(true);
    expect(await setExportActive(t.db, true, causer())).toBe(false);

    expect(await setExportActive(t.db, false, causer())).toBe(true);
    expect(await getExportActive(t.db)).toBe(false);
    expect(await setExportActive(t.db, false, causer())).toBe(false);
    expect(await setExportActive(t.db, true, causer())).toBe(true);
    expect(await getExportActive(t.db)).toBe(true);

    const log = await listActivitiesFor(t.db, "setting", SETTING_KEYS.exportActive);
    expect(log.map((a) => [a.event, a.causer_id, json(a.new_values)])).toEqual([
      ["updated", admin.id, { value: true }],
      ["updated", admin.id, { value: false }],
    ]);
  });
});
