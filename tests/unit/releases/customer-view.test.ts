import { describe, expect, it } from "vitest";
import { customerRelease, customerViewOf, setCustomerView } from "~/modules/releases/customer-view.server";
import { releaseExportData } from "~/modules/releases/release-export.server";
import { passes, releaseFacets, releaseFigures, releaseSuggestions } from "~/modules/releases/release-facets.server";
import { releaseServicePage, releaseTree } from "~/modules/releases/release-read.server";
import { LIST_PAGE, releaseList } from "~/modules/releases/release-list.server";
import { getRelease, publishRelease, withdrawRelease } from "~/modules/releases/releases.server";
import { listActivitiesFor } from "~/server/audit.server";
import { unique } from "../../factories";
import { useTestDbWithPublisher } from "./testbed";

// What customers read (issue 35 §6) on SQLite, and on Postgres with DATABASE_URL=postgres://…:
// the client role reads a catalogue's latest release that is not withdrawn while the catalogue
// says so; everyone else, and every customer before the first release, reads the working copy.
// The release's figures, filters, suggestions and Word export come from the snapshot alone.

const { t, make, publisher: causer } = useTestDbWithPublisher();

async function catalogue() {
  const catalogueId = await make.catalogue({ title: unique("Kundenkatalog") });
  const categoryId = await make.category(catalogueId, { name: unique("Kategorie") });
  const ownerId = await make.owner({ name: unique("Verantwortung") });
  const approved = await make.service(catalogueId, categoryId, { name: unique("Druckdienst"), status: "closed", servicetype: "it", description: "<p>Drucken im <b>Netz</b></p>", owners: [ownerId] });
  const other = await make.service(catalogueId, categoryId, { name: unique("Beratung"), status: "closed", servicetype: "customer" });
  const draft = await make.service(catalogueId, categoryId, { name: unique("Entwurf"), status: "open" });
  return { catalogueId, categoryId, approved, other, draft };
}

const client = { role: "client" as const };

describe("customers read the latest release", () => {
  it("before the first release, and with the setting 'working', customers read the working copy; editors always do", async () => {
    const c = await catalogue();
    expect(await customerViewOf(t.db, c.catalogueId)).toBe("release");
    expect(await customerRelease(t.db, client, c.catalogueId)).toBeNull();
    const first = await publishRelease(t.db, c.catalogueId, { label: "1", note: null }, causer);
    expect((await customerRelease(t.db, client, c.catalogueId))?.id).toBe(first);
    for (const role of ["user", "keyuser", "admin", "keysuperuser", "superadmin"] as const) expect(await customerRelease(t.db, { role }, c.catalogueId)).toBeNull();

    expect(await setCustomerView(t.db, c.catalogueId, "working", causer)).toBe(true);
    expect(await setCustomerView(t.db, c.catalogueId, "working", causer)).toBe(false);
    expect(await customerRelease(t.db, client, c.catalogueId)).toBeNull();
    const activities = await listActivitiesFor(t.db, "catalogue", c.catalogueId);
    expect(activities.filter((a) => a.new_values?.includes("customer_view"))).toHaveLength(1);
    await setCustomerView(t.db, c.catalogueId, "release", causer);
    expect((await customerRelease(t.db, client, c.catalogueId))?.id).toBe(first);
  });

  it("the latest release that is not withdrawn; with all withdrawn, the working copy again", async () => {
    const c = await catalogue();
    const first = await publishRelease(t.db, c.catalogueId, { label: "1", note: null }, causer);
    const second = await publishRelease(t.db, c.catalogueId, { label: "2", note: null }, causer);
    expect((await customerRelease(t.db, client, c.catalogueId))?.id).toBe(second);
    await withdrawRelease(t.db, second, "Fehler", causer);
    expect((await customerRelease(t.db, client, c.catalogueId))?.id).toBe(first);
    await withdrawRelease(t.db, first, "Fehler", causer);
    expect(await customerRelease(t.db, client, c.catalogueId)).toBeNull();
  });
});

describe("a release read from its snapshot", () => {
  it("figures, filters and suggestions see the release, not later edits or drafts", async () => {
    const c = await catalogue();
    const id = await publishRelease(t.db, c.catalogueId, { label: "1", note: null }, causer);
    const release = (await getRelease(t.db, id))!;
    // Edited afterwards: the release keeps what it froze.
    await t.db.updateTable("services").set({ description: "<p>Neu: Kopieren</p>", servicetype: "customer" }).where("id", "=", c.approved).execute();

    expect(await releaseFigures(t.db, id)).toEqual({ total: 2, byType: { it: 1, customer: 1 }, withoutOwner: 1, withoutKpi: 2 });
    const facets = await releaseFacets(t.db, id);
    expect(passes(facets.get(c.approved), { q: "netz drucken", types: [], missing: [] })).toBe(true);
    expect(passes(facets.get(c.approved), { q: "kopieren", types: [], missing: [] })).toBe(false);

    const byText = await releaseTree(t.db, release, { q: "Netz", types: [], missing: [] });
    expect(byText.found).toBe(1);
    const names = (tree: typeof byText) => tree.areas.flatMap((a) => a.categories.flatMap((cat) => cat.services.map((s) => s.id)));
    expect(names(byText)).toEqual([c.approved]);
    expect(names(await releaseTree(t.db, release, { q: "", types: ["customer"], missing: [] }))).toEqual([c.other]);
    expect(names(await releaseTree(t.db, release, { q: "", types: [], missing: ["owner"] }))).toEqual([c.other]);

    const suggested = await releaseSuggestions(t.db, id, "entwurf");
    expect(suggested).toEqual([]);
    expect((await releaseSuggestions(t.db, id, "druck")).map((s) => s.id)).toEqual([c.approved]);
  });

  it("the Word export's data is the snapshot's: one service, or the whole release without drafts", async () => {
    const c = await catalogue();
    const id = await publishRelease(t.db, c.catalogueId, { label: "1", note: null }, causer);
    const release = (await getRelease(t.db, id))!;
    await t.db.updateTable("services").set({ name: "Umbenannt", description: "<p>Neu</p>" }).where("id", "=", c.approved).execute();

    const whole = await releaseExportData(t.db, release);
    expect(whole?.services.map((s) => s.id).sort()).toEqual([c.approved, c.other].sort());
    const one = await releaseExportData(t.db, release, c.approved);
    expect(one?.scope).toBe("service");
    expect(one?.services).toHaveLength(1);
    expect(one?.services[0].name).not.toBe("Umbenannt");
    expect(one?.services[0].description).toBe("<p>Drucken im <b>Netz</b></p>");
    expect(one?.services[0].owners).toHaveLength(1);
    expect(await releaseExportData(t.db, release, c.draft)).toBeNull();
  });
});

describe("a release's service page", () => {
  it("names the release's services that require it and those derived from it", async () => {
    const c = await catalogue();
    const requiring = await make.service(c.catalogueId, c.categoryId, { name: unique("Braucht Druck"), status: "closed", dependsOn: [c.approved] });
    const derived = await make.service(c.catalogueId, c.categoryId, { name: unique("Abgeleitet"), status: "closed", parent_service_id: c.approved });
    // A draft that requires it is not in the release, so it is not named.
    await make.service(c.catalogueId, c.categoryId, { name: unique("Entwurf braucht"), status: "open", dependsOn: [c.approved] });
    const id = await publishRelease(t.db, c.catalogueId, { label: "1", note: null }, causer);
    const page = await releaseServicePage(t.db, (await getRelease(t.db, id))!, c.approved);
    expect(page?.requiredBy.map((s) => s.id)).toEqual([requiring]);
    expect(page?.derivatives.map((s) => s.id)).toEqual([derived]);
    expect(page?.derivatives[0].catalogue_id).toBe(c.catalogueId);
  });
});

describe("a release's list view", () => {
  it("pages the filtered services by name with their area, category and type", async () => {
    const catalogueId = await make.catalogue({ title: unique("Listenkatalog") });
    const areaId = await make.area(catalogueId, { name: unique("Bereich") });
    const categoryId = await make.category(catalogueId, { service_area_id: areaId, name: unique("Kategorie") });
    for (let i = 0; i < LIST_PAGE + 2; i++) await make.service(catalogueId, categoryId, { name: `Dienst ${String(i).padStart(2, "0")}`, status: "closed", servicetype: i % 2 ? "it" : "customer" });
    const release = (await getRelease(t.db, await publishRelease(t.db, catalogueId, { label: "1", note: null }, causer)))!;

    const first = await releaseList(t.db, release, new URLSearchParams());
    expect(first).toMatchObject({ total: LIST_PAGE + 2, page: 1, pages: 2 });
    expect(first.rows[0]).toMatchObject({ name: "Dienst 00", type: "customer" });
    expect(first.rows[0].category).toMatch(/^Kategorie/);
    expect(first.rows[0].area).toMatch(/^Bereich/);
    const second = await releaseList(t.db, release, new URLSearchParams({ page: "2" }));
    expect(second.rows.map((r) => r.name)).toEqual([`Dienst ${LIST_PAGE}`, `Dienst ${LIST_PAGE + 1}`]);
    // A page beyond the last shows the last; the filters narrow the list as they narrow the tree.
    expect((await releaseList(t.db, release, new URLSearchParams({ page: "99" }))).page).toBe(2);
    const it = await releaseList(t.db, release, new URLSearchParams({ type: "it" }));
    expect(it.total).toBe(Math.floor((LIST_PAGE + 2) / 2));
    expect(it.rows.every((r) => r.type === "it")).toBe(true);
  });
});
