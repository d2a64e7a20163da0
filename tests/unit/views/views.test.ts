import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Role } from "~/modules/access/roles";
import { DEFAULT_QUERY } from "~/modules/catalogue/catalogue-query";
import { createView, deleteView, getView, listViews, updateView, type ViewActor } from "~/modules/views/views.server";
import { browserHref, parseStoredState, stateFromQuery, stateFromSearch, type ViewState } from "~/modules/views/views-state";
import { listActivitiesFor } from "~/server/audit.server";
import { ForbiddenError, NotFoundError, StaleRecordError, ValidationError } from "~/server/errors.server";
import { factories, unique } from "../../factories";
import { rejection } from "../../support/rejection";
import { useTestDb } from "../../support/test-db";

// Saved views (issue 20 §1) on SQLite, and on Postgres with DATABASE_URL=postgres://…: the state is
// stored normalised, personal views are nobody else's business, shared ones are seen by everyone
// and changed only by their owner or an admin, names are unique per owner, every write is audited.

const t = useTestDb();
const make = factories(() => t.db);
let catalogueId: number;

async function actor(role: Role, name = unique(`Ansicht ${role}`)): Promise<ViewActor> {
  const user = await make.user(role, { name });
  return { id: user.id, name: user.name, role };
}

const FILTERED: ViewState = stateFromQuery({ ...DEFAULT_QUERY, q: "Drucker", statuses: ["checking"], missing: ["kpi"], sort: "editDate", dir: "asc" }, 0);

const save = (user: ViewActor, values: Partial<{ name: string; shared: boolean; state: ViewState; catalogueId: number | null }> = {}) =>
  createView(t.db, { name: unique("Ansicht"), shared: false, state: FILTERED, catalogueId, ...values }, user);

const stored = (id: number) => t.db.selectFrom("saved_views").selectAll().where("id", "=", id).executeTakeFirst();

beforeAll(async () => {
  catalogueId = await make.catalogue({ title: "Ansichtenkatalog" });
});
beforeEach(async () => {
  await t.db.deleteFrom("saved_views").execute();
});

describe("the stored state", () => {
  it("keeps view mode, search, filters and sort of the browser's URL, normalised: ids sorted and once, keys in a fixed order", () => {
    const state = stateFromSearch(new URLSearchParams("view=1&q=%20Drucker%20&cat=7&cat=3,7&status=closed&status=open&tag=9&owner=x&pct=20&pct=500&missing=kpi&missing=owner&review=overdue&review=due&review=late&sort=alphabet&dir=asc&page=4&open=3&zoom=0.5&move=12&filters=1"));
    expect(state).toEqual({
      view: 1,
      q: "Drucker",
      categories: [3, 7],
      areas: [],
      owners: [],
      statuses: ["open", "closed"],
      percents: [20],
      types: [],
      tags: [9],
      missing: ["owner", "kpi"],
      review: ["due", "overdue"],
      stages: [],
      sort: "alphabet",
      dir: "asc",
    });
    // Paging, opened tree nodes, zoom and one-off forms are not part of a view.
    expect(browserHref(state)).toBe("/servicecatalog?view=1&q=Drucker&cat=3&cat=7&status=open&status=closed&pct=20&tag=9&missing=owner&missing=kpi&review=due&review=overdue&sort=alphabet&dir=asc");
  });

  it("a view without a view mode in its URL is the list; the browser's defaults are left out of the link", () => {
    const state = stateFromSearch(new URLSearchParams(""));
    expect(state.view).toBe(0);
    expect(browserHref(state)).toBe("/servicecatalog?view=0");
  });

  it("is stored as the normalised JSON, and read back the same", async () => {
    const owner = await actor("client");
    const id = await save(owner, { state: stateFromSearch(new URLSearchParams("cat=5&cat=2&cat=5&view=3")) });
    const row = await stored(id);
    expect(JSON.parse(row!.state)).toMatchObject({ view: 3, categories: [2, 5] });
    expect((await getView(t.db, id, owner)).state).toEqual(parseStoredState(row!.state));
  });

  it("a stored state that no longer validates opens the unfiltered list instead of failing", () => {
    expect(parseStoredState("not json")).toEqual(stateFromQuery(DEFAULT_QUERY, 0));
    expect(parseStoredState(JSON.stringify({ ...FILTERED, view: 9 }))).toEqual(stateFromQuery(DEFAULT_QUERY, 0));
    expect(parseStoredState(JSON.stringify({ ...FILTERED, statuses: ["gone"] })).statuses).toEqual([]);
  });
});

describe("personal and shared views", () => {
  it("a personal view is its owner's only: others neither list nor open it", async () => {
    const owner = await actor("user");
    const other = await actor("superadmin");
    const id = await save(owner, { name: "Meine Prüfliste" });
    expect((await listViews(t.db, owner)).map((v) => v.name)).toEqual(["Meine Prüfliste"]);
    expect(await listViews(t.db, other)).toEqual([]);
    expect(await rejection(getView(t.db, id, other))).toBeInstanceOf(NotFoundError);
    expect(await rejection(updateView(t.db, id, { name: "Übernommen" }, (await stored(id))!.updated_at, other))).toBeInstanceOf(NotFoundError);
    expect(await rejection(deleteView(t.db, id, other))).toBeInstanceOf(NotFoundError);
    expect((await stored(id))!.name).toBe("Meine Prüfliste");
  });

  it("a shared view is listed for everyone, with its owner; only the owner and admins may change it", async () => {
    const owner = await actor("keyuser", "Kira Keynutzer");
    const reader = await actor("client");
    const admin = await actor("keysuperuser");
    const id = await save(owner, { name: "Ohne Service-Level", shared: true });
    const seen = await listViews(t.db, reader);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id, name: "Ohne Service-Level", shared: true, ownerName: "Kira Keynutzer", mine: false, canManage: false, canShare: false, catalogueId, catalogueTitle: "Ansichtenkatalog" });
    expect((await getView(t.db, id, owner))).toMatchObject({ mine: true, canManage: true, canShare: true });
    expect((await getView(t.db, id, admin))).toMatchObject({ mine: false, canManage: true, canShare: false });
    const version = (await stored(id))!.updated_at;
    expect(await rejection(updateView(t.db, id, { name: "Gekapert" }, version, reader))).toBeInstanceOf(ForbiddenError);
    expect(await rejection(deleteView(t.db, id, reader))).toBeInstanceOf(ForbiddenError);
    expect(await stored(id)).toMatchObject({ name: "Ohne Service-Level", shared: 1 });
  });

  it("sharing needs keyuser or above; a refused share stores nothing", async () => {
    for (const role of ["client", "user"] as const) {
      const user = await actor(role);
      expect(await rejection(save(user, { shared: true }))).toBeInstanceOf(ForbiddenError);
    }
    expect(await t.db.selectFrom("saved_views").select("id").execute()).toEqual([]);
    for (const role of ["keyuser", "admin", "keysuperuser", "superadmin"] as const) {
      const id = await save(await actor(role), { shared: true });
      expect((await stored(id))!.shared).toBe(1);
    }
  });

  it("only the owner shares or unshares; an admin renaming someone's view keeps its sharing", async () => {
    const owner = await actor("keyuser");
    const admin = await actor("superadmin");
    const id = await save(owner, { name: "Geteilt", shared: true });
    expect(await rejection(updateView(t.db, id, { name: "Geteilt", shared: false }, (await stored(id))!.updated_at, admin))).toBeInstanceOf(ForbiddenError);
    expect(await updateView(t.db, id, { name: "Vom Admin benannt" }, (await stored(id))!.updated_at, admin)).toBe(true);
    expect(await stored(id)).toMatchObject({ name: "Vom Admin benannt", shared: 1, user_id: owner.id });
    expect(await updateView(t.db, id, { name: "Vom Admin benannt", shared: false }, (await stored(id))!.updated_at, owner)).toBe(true);
    expect((await stored(id))!.shared).toBe(0);
  });

  it("an owner who may not share cannot share by renaming either", async () => {
    const owner = await actor("user");
    const id = await save(owner);
    expect(await rejection(updateView(t.db, id, { name: "Jetzt geteilt", shared: true }, (await stored(id))!.updated_at, owner))).toBeInstanceOf(ForbiddenError);
    expect(await stored(id)).toMatchObject({ shared: 0 });
  });
});

describe("names", () => {
  it("are required, at most 120 characters, and trimmed", async () => {
    const owner = await actor("client");
    expect(((await rejection(save(owner, { name: "   " }))) as ValidationError).errors).toEqual({ name: "views.errors.nameRequired" });
    expect(((await rejection(save(owner, { name: "x".repeat(121) }))) as ValidationError).errors.name).toMatch(/^validation\.tooLong/);
    const id = await save(owner, { name: "  Mit Leerzeichen  " });
    expect((await stored(id))!.name).toBe("Mit Leerzeichen");
  });

  it("are unique per owner, ignoring case (umlauts too); another user may use the same name", async () => {
    const owner = await actor("keyuser");
    const other = await actor("keyuser");
    await save(owner, { name: "Überprüfung offen" });
    expect(((await rejection(save(owner, { name: "überprüfung OFFEN" }))) as ValidationError).errors).toEqual({ name: "views.errors.duplicate" });
    await save(other, { name: "Überprüfung offen" });
    const second = await save(owner, { name: "Zweite" });
    expect(((await rejection(updateView(t.db, second, { name: "ÜBERPRÜFUNG offen" }, (await stored(second))!.updated_at, owner))) as ValidationError).errors).toEqual({
      name: "views.errors.duplicate",
    });
  });

  it("two saves of one name at the same time: one is stored, the other refused beside the field", async () => {
    const owner = await actor("keyuser");
    const results = await Promise.allSettled([save(owner, { name: "Gleichzeitig" }), save(owner, { name: "gleichzeitig" })]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r): r is PromiseRejectedResult => r.status === "rejected")!;
    expect(refused.reason).toBeInstanceOf(ValidationError);
    expect((refused.reason as ValidationError).errors).toEqual({ name: "views.errors.duplicate" });
  });
});

describe("renaming, deleting and the audit", () => {
  it("every write is an activity with what changed", async () => {
    const owner = await actor("keyuser");
    const admin = await actor("superadmin");
    const id = await save(owner, { name: "Alt", shared: true });
    expect(await updateView(t.db, id, { name: "Neu" }, (await stored(id))!.updated_at, owner)).toBe(true);
    await deleteView(t.db, id, admin);
    expect(await stored(id)).toBeUndefined();
    const activities = (await listActivitiesFor(t.db, "saved_view", id)).reverse();
    expect(activities.map((a) => [a.event, a.causer_id, a.description])).toEqual([
      ["created", owner.id, "Alt"],
      ["updated", owner.id, "Neu"],
      ["deleted", admin.id, "Neu"],
    ]);
    expect(JSON.parse(activities[0].new_values!)).toMatchObject({ name: "Alt", shared: 1, catalogue_id: catalogueId, user_id: owner.id });
    expect(JSON.parse(activities[1].old_values!)).toEqual({ name: "Alt" });
    expect(JSON.parse(activities[1].new_values!)).toEqual({ name: "Neu" });
    expect(JSON.parse(activities[2].old_values!)).toMatchObject({ name: "Neu", shared: 1, user_id: owner.id });
    expect(JSON.parse(JSON.parse(activities[2].old_values!).state)).toEqual(FILTERED);
  });

  it("a rename loaded before someone else's is refused as stale; one that changes nothing writes nothing", async () => {
    const owner = await actor("keyuser");
    const admin = await actor("keysuperuser");
    const id = await save(owner, { name: "Version", shared: true });
    const loaded = (await stored(id))!.updated_at;
    expect(await updateView(t.db, id, { name: "Version" }, loaded, owner)).toBe(false);
    expect(await updateView(t.db, id, { name: "Vom Admin" }, loaded, admin)).toBe(true);
    expect(await rejection(updateView(t.db, id, { name: "Vom Owner" }, loaded, owner))).toBeInstanceOf(StaleRecordError);
    expect((await stored(id))!.name).toBe("Vom Admin");
    expect((await listActivitiesFor(t.db, "saved_view", id)).map((a) => a.event)).toEqual(["updated", "created"]);
  });
});

describe("what a view points to", () => {
  it("refuses a catalogue that does not exist", async () => {
    expect(await rejection(save(await actor("client"), { catalogueId: 999_999 }))).toBeInstanceOf(NotFoundError);
  });

  it("a deleted catalogue leaves the view, without a catalogue; a deleted account takes its views along", async () => {
    const owner = await actor("keyuser");
    const reader = await actor("client");
    const gone = await make.catalogue({ title: "Vergänglich" });
    const id = await save(owner, { catalogueId: gone, shared: true });
    await t.db.deleteFrom("service_catalogues").where("id", "=", gone).execute();
    expect(await getView(t.db, id, reader)).toMatchObject({ catalogueId: null, catalogueTitle: null });
    await t.db.deleteFrom("users").where("id", "=", owner.id).execute();
    expect(await stored(id)).toBeUndefined();
  });
});
