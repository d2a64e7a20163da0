import { describe, expect, it } from "vitest";
import {
  deleteRelease,
  getRelease,
  latestRelease,
  listReleases,
  publishPreview,
  publishRelease,
  reinstateRelease,
  releaseContents,
  releaseHeader,
  releaseOutline,
  serviceChangeCounts,
  withdrawRelease,
} from "~/modules/releases/releases.server";
import type { HeaderContent, ServiceContent } from "~/modules/releases/release-snapshot.server";
import { listActivitiesFor } from "~/server/audit.server";
import { ValidationError } from "~/server/errors.server";
import { unique } from "../../factories";
import { rejection } from "../../support/rejection";
import { useTestDbWithPublisher } from "./testbed";

// Catalogue releases (issue 35) on SQLite, and on Postgres with DATABASE_URL=postgres://…: what a
// release freezes, that later edits leave it as it was, that unchanged content is stored once, and
// the withdraw / re-instate / delete rules with their activities.

const { t, make, publisher: causer } = useTestDbWithPublisher();

async function catalogueWithServices() {
  const catalogueId = await make.catalogue({ title: unique("Releasekatalog"), introduction: "<p>Einleitung</p>" });
  const areaId = await make.area(catalogueId, { name: unique("Bereich") });
  const categoryId = await make.category(catalogueId, { service_area_id: areaId, name: unique("Kategorie") });
  const ownerId = await make.owner({ name: unique("Verantwortung") });
  const approved = await make.service(catalogueId, categoryId, { name: unique("Freigegeben"), status: "closed", description: "<p>Alt</p>", owners: [ownerId], options: ["Basis"] });
  const open = await make.service(catalogueId, categoryId, { name: unique("Offen"), status: "open" });
  const binned = await make.service(catalogueId, categoryId, { name: unique("Im Papierkorb"), status: "closed", deleted_at: new Date().toISOString() });
  return { catalogueId, areaId, categoryId, ownerId, approved, open, binned };
}

const snapshotBytes = async (releaseId: number) => ({
  release: await t.db.selectFrom("releases").selectAll().where("id", "=", releaseId).executeTakeFirst(),
  items: await t.db
    .selectFrom("release_items as i")
    .innerJoin("release_contents as c", "c.hash", "i.content_hash")
    .select(["i.kind", "i.item_id", "i.parent_id", "i.name", "i.position", "c.body"])
    .where("i.release_id", "=", releaseId)
    .orderBy("i.kind")
    .orderBy("i.item_id")
    .execute(),
});

describe("publishing", () => {
  it("takes the approved services outside the bin with their children and the base data they name; the dialog's counts say the same", async () => {
    const c = await catalogueWithServices();
    expect(await publishPreview(t.db, c.catalogueId)).toEqual({ included: 1, notApproved: 1, notLive: 0 });
    const id = await publishRelease(t.db, c.catalogueId, { label: "2026.1", note: "<p>Erste</p>" }, causer);
    const release = await getRelease(t.db, id);
    expect(release).toMatchObject({ label: "2026.1", state: "published", services: 1, areas: 1, categories: 1, publisherName: causer.name });
    const outline = await releaseOutline(t.db, id);
    expect(outline.filter((i) => i.kind === "service").map((i) => i.id)).toEqual([c.approved]);
    expect(outline.find((i) => i.kind === "service")!.parentId).toBe(c.categoryId);
    expect(outline.find((i) => i.kind === "category")!.parentId).toBe(c.areaId);
    const services = await releaseContents<ServiceContent>(t.db, id, "service");
    const content = services.get(c.approved)!.content;
    expect(content.description).toBe("<p>Alt</p>");
    expect(content.owners).toEqual([c.ownerId]);
    expect(content.options.map((o) => o.name)).toEqual(["Basis"]);
    expect((await releaseContents(t.db, id, "owner")).get(c.ownerId)).toBeDefined();
    const header = await releaseHeader<HeaderContent>(t.db, id);
    expect(header?.introduction).toBe("<p>Einleitung</p>");
    expect((await listActivitiesFor(t.db, "release", id)).map((a) => a.event)).toEqual(["published"]);
  });

  it("refuses a label the catalogue already has, in any case, and writes nothing", async () => {
    const c = await catalogueWithServices();
    await publishRelease(t.db, c.catalogueId, { label: "2026.1", note: null }, causer);
    const before = await t.db.selectFrom("releases").select("id").execute();
    const error = await rejection(publishRelease(t.db, c.catalogueId, { label: " 2026.1 ".toUpperCase(), note: null }, causer));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors).toEqual({ label: "releases.labelTaken" });
    expect(await t.db.selectFrom("releases").select("id").execute()).toHaveLength(before.length);
    // Another catalogue may use the same label.
    const other = await catalogueWithServices();
    await expect(publishRelease(t.db, other.catalogueId, { label: "2026.1", note: null }, causer)).resolves.toBeGreaterThan(0);
  });
});

describe("a release stays as it was published", () => {
  it("editing, renaming base data and binning afterwards changes the working copy, not the release", async () => {
    const c = await catalogueWithServices();
    const id = await publishRelease(t.db, c.catalogueId, { label: "2026.1", note: null }, causer);
    const before = await snapshotBytes(id);
    await t.db.updateTable("services").set({ description: "<p>Neu</p>", name: "Umbenannt" }).where("id", "=", c.approved).execute();
    await t.db.updateTable("owners").set({ name: "Anderer Name" }).where("id", "=", c.ownerId).execute();
    await t.db.updateTable("service_categories").set({ name: "Neue Kategorie" }).where("id", "=", c.categoryId).execute();
    await t.db.updateTable("services").set({ deleted_at: new Date().toISOString() }).where("id", "=", c.approved).execute();
    expect(await snapshotBytes(id)).toEqual(before);
  });

  it("shares unchanged content between releases: a second release stores only what changed", async () => {
    const c = await catalogueWithServices();
    const more = [];
    for (let i = 0; i < 5; i++) more.push(await make.service(c.catalogueId, c.categoryId, { name: unique("Weiterer"), status: "closed" }));
    const first = await publishRelease(t.db, c.catalogueId, { label: "A", note: null }, causer);
    const contentsBefore = Number((await t.db.selectFrom("release_contents").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    await t.db.updateTable("services").set({ description: "<p>Geändert</p>" }).where("id", "=", more[0]!).execute();
    const second = await publishRelease(t.db, c.catalogueId, { label: "B", note: null }, causer);
    const contentsAfter = Number((await t.db.selectFrom("release_contents").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    expect(contentsAfter - contentsBefore).toBe(1);
    expect(await serviceChangeCounts(t.db, first, second)).toEqual({ added: 0, removed: 0, changed: 1 });
  });

  it("counts added, removed and moved services against the release before", async () => {
    const c = await catalogueWithServices();
    const other = await make.category(c.catalogueId, { name: unique("Zweite") });
    const first = await publishRelease(t.db, c.catalogueId, { label: "A", note: null }, causer);
    await make.service(c.catalogueId, c.categoryId, { name: unique("Neu"), status: "closed" });
    const moved = await make.service(c.catalogueId, c.categoryId, { status: "closed" });
    const second = await publishRelease(t.db, c.catalogueId, { label: "B", note: null }, causer);
    await t.db.updateTable("services").set({ category_id: other }).where("id", "=", moved).execute();
    await t.db.updateTable("services").set({ status: "open" }).where("id", "=", c.approved).execute();
    const third = await publishRelease(t.db, c.catalogueId, { label: "C", note: null }, causer);
    expect(await serviceChangeCounts(t.db, first, second)).toEqual({ added: 2, removed: 0, changed: 0 });
    expect(await serviceChangeCounts(t.db, second, third)).toEqual({ added: 0, removed: 1, changed: 1 });
    const list = await listReleases(t.db, c.catalogueId, { withWithdrawn: true });
    expect(list.map((r) => [r.label, r.changes])).toEqual([
      ["C", { added: 0, removed: 1, changed: 1 }],
      ["B", { added: 2, removed: 0, changed: 0 }],
      ["A", null],
    ]);
  });
});

describe("withdraw, re-instate, delete", () => {
  it("a withdrawn release is hidden from the latest and the customer list, kept, and comes back when re-instated", async () => {
    const c = await catalogueWithServices();
    const first = await publishRelease(t.db, c.catalogueId, { label: "A", note: null }, causer);
    const second = await publishRelease(t.db, c.catalogueId, { label: "B", note: null }, causer);
    expect((await latestRelease(t.db, c.catalogueId))?.id).toBe(second);
    expect(await withdrawRelease(t.db, second, "Fehler in Preisen", causer)).toBe(true);
    expect((await latestRelease(t.db, c.catalogueId))?.id).toBe(first);
    expect((await listReleases(t.db, c.catalogueId, { withWithdrawn: false })).map((r) => r.label)).toEqual(["A"]);
    expect(await getRelease(t.db, second)).toMatchObject({ state: "withdrawn", withdrawnReason: "Fehler in Preisen", withdrawnByName: causer.name });
    expect(await reinstateRelease(t.db, second, causer)).toBe(true);
    expect((await latestRelease(t.db, c.catalogueId))?.id).toBe(second);
    expect((await listActivitiesFor(t.db, "release", second)).map((a) => a.event).sort()).toEqual(["published", "reinstated", "withdrawn"]);
  });

  it("only a withdrawn release is deleted; its contents go unless another release shares them", async () => {
    const c = await catalogueWithServices();
    const first = await publishRelease(t.db, c.catalogueId, { label: "A", note: null }, causer);
    await t.db.updateTable("services").set({ description: "<p>Nur in B</p>" }).where("id", "=", c.approved).execute();
    const second = await publishRelease(t.db, c.catalogueId, { label: "B", note: null }, causer);
    expect(await rejection(deleteRelease(t.db, second, causer))).toBeInstanceOf(ValidationError);
    const onlyInB = (await t.db.selectFrom("release_items").select("content_hash").where("release_id", "=", second).where("item_id", "=", c.approved).where("kind", "=", "service").executeTakeFirstOrThrow()).content_hash;
    await withdrawRelease(t.db, second, "Test", causer);
    await deleteRelease(t.db, second, causer);
    expect(await getRelease(t.db, second)).toBeNull();
    expect(await t.db.selectFrom("release_contents").select("hash").where("hash", "=", onlyInB).executeTakeFirst()).toBeUndefined();
    // What A shares with B is still there: A reads as before.
    expect((await releaseContents<ServiceContent>(t.db, first, "service")).get(c.approved)?.content.description).toBe("<p>Alt</p>");
    expect((await listActivitiesFor(t.db, "release", second)).map((a) => a.event)).toContain("deleted");
  });
});
