import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "~/modules/access/roles";
import type { SessionUser } from "~/modules/access/user.server";
import { applyBulkChange, previewBulkChange } from "~/modules/tools/bulk.server";
import { TooManyServicesError } from "~/server/errors.server";
import { MAX_BULK_SERVICES } from "~/modules/tools/tools-query";
import { resolveSelection } from "~/modules/tools/tools-selection.server";
import type { BulkChange } from "~/modules/tools/tools-schemas";
import { listActivitiesFor } from "~/server/audit.server";
import { ValidationError } from "~/server/errors.server";
import { factories, unique } from "../../factories";
import { rejection } from "../../support/rejection";
import { useTestDb } from "../../support/test-db";

// Bulk changes of /tools (issue 20 §4): previewed per service, applied per service through the
// service page's writes — review workflow, grants of `user` accounts, attribute masks, version
// check and audit. SQLite by default; Postgres with DATABASE_URL=postgres://…

const t = useTestDb();
const make = factories(() => t.db);
const users = {} as Record<"user" | "keyuser" | "superadmin", SessionUser>;
let catalogue: number;
let otherCatalogue: number;
/** K1: granted to the user; K2: not granted; KM: its mask hides the tags. */
let k1: number;
let k2: number;
let km: number;

async function row(id: number) {
  return t.db.selectFrom("services").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function activities(id: number) {
  return (await listActivitiesFor(t.db, "service", id)).map((a) => ({
    event: a.event,
    causer: a.causer_id,
    description: a.description,
    old: a.old_values ? JSON.parse(a.old_values) : null,
    new: a.new_values ? JSON.parse(a.new_values) : null,
  }));
}

async function ownersOf(id: number) {
  return (await t.db.selectFrom("service_owners").select("owner_id").where("service_id", "=", id).execute()).map((r) => r.owner_id).sort((a, b) => a - b);
}

/** Preview, then apply what the preview would change, at the versions it showed. */
async function previewAndApply(user: SessionUser, ids: number[], change: BulkChange) {
  const preview = await previewBulkChange(t.db, user, ids, change);
  const items = preview.rows.filter((r) => r.outcome === "change").map((r) => ({ id: r.id, version: r.version }));
  return { preview, result: await applyBulkChange(t.db, user, items, change) };
}

const outcomes = (preview: Awaited<ReturnType<typeof previewBulkChange>>) => Object.fromEntries(preview.rows.map((r) => [r.id, r.outcome === "change" ? (r.reopens ? "reopens" : "change") : r.reason]));

beforeAll(async () => {
  for (const role of ["user", "keyuser", "superadmin"] as const satisfies Role[]) {
    const u = await make.user(role, { name: `Tools ${role}` });
    users[role] = { id: u.id, name: u.name, email: u.email, role, azureUser: false, wordExport: false };
  }
  catalogue = await make.catalogue({ title: "Werkzeugkatalog" });
  otherCatalogue = await make.catalogue({ title: "Zielkatalog" });
  k1 = await make.category(catalogue, { name: "Freigegeben" });
  k2 = await make.category(catalogue, { name: "Nicht freigegeben" });
  km = await make.category(catalogue, { name: "Maskiert" });
  await make.grant(users.user.id, { categoryId: k1 });
  await make.mask({ name: "Ohne Tags", target_model: "category", target_id: km, hidden_attributes: JSON.stringify(["section:tags"]) });
});

describe("which services the tools pick", () => {
  it("a filter finds what the browser finds; a selection takes checked categories' services; binned ones never count", async () => {
    const cat = await make.catalogue();
    const a = await make.category(cat);
    const b = await make.category(cat);
    const open = await make.service(cat, a, { name: "Alpha", status: "open" });
    const checking = await make.service(cat, a, { name: "Beta", status: "checking" });
    const inB = await make.service(cat, b, { name: "Gamma", status: "open" });
    await make.service(cat, a, { name: "Binned", status: "open", deleted_at: new Date().toISOString() });
    const filtered = await resolveSelection(t.db, users.keyuser.id, { mode: "filter", catalogueId: cat, filter: { q: "", categories: [], areas: [], owners: [], statuses: ["open"], percents: [], types: [], tags: [], providers: [], missing: [], review: [], stages: [], unchanged: null } });
    expect(filtered.ids).toEqual([open, inB]);
    expect(filtered.catalogue?.id).toBe(cat);
    const picked = await resolveSelection(t.db, users.keyuser.id, { mode: "selection", areas: [], categories: [b], services: [checking] });
    expect(picked.ids).toEqual([checking, inB]);
    const unknown = await rejection(resolveSelection(t.db, users.keyuser.id, { mode: "filter", catalogueId: 999_999, filter: filtered.selection.mode === "filter" ? filtered.selection.filter : ({} as never) }));
    expect(unknown).toBeInstanceOf(Error);
  });
});

describe("status changes follow the review workflow", () => {
  it("keyuser: every transition; each service audited on its own with old and new status", async () => {
    const open = await make.service(catalogue, k1, { status: "open" });
    const checking = await make.service(catalogue, k2, { status: "checking" });
    const closed = await make.service(catalogue, k2, { status: "closed" });
    const { preview, result } = await previewAndApply(users.keyuser, [open, checking, closed], { kind: "status", status: "closed" });
    expect(outcomes(preview)).toEqual({ [open]: "change", [checking]: "change", [closed]: "unchanged" });
    expect(result.applied.map((r) => r.id).sort()).toEqual([open, checking].sort());
    for (const id of [open, checking]) {
      expect((await row(id)).status).toBe("closed");
      const log = (await activities(id)).filter((a) => a.description === "basics");
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ event: "updated", causer: users.keyuser.id, new: { status: "closed" } });
    }
    expect(await activities(closed)).toEqual([]);
  });

  it("user: only granted services, and only open ↔ checking; a forged apply changes nothing it may not", async () => {
    const granted = await make.service(catalogue, k1, { status: "open" });
    const grantedClosed = await make.service(catalogue, k1, { status: "closed" });
    const foreign = await make.service(catalogue, k2, { status: "open" });
    const toChecking = await previewBulkChange(t.db, users.user, [granted, grantedClosed, foreign], { kind: "status", status: "checking" });
    expect(outcomes(toChecking)).toEqual({ [granted]: "change", [grantedClosed]: "workflow", [foreign]: "noPermission" });
    const toClosed = await previewBulkChange(t.db, users.user, [granted], { kind: "status", status: "closed" });
    expect(outcomes(toClosed)).toEqual({ [granted]: "workflow" });

    // Forged: every service, at its real version, straight to apply.
    const forged = await applyBulkChange(
      t.db,
      users.user,
      await Promise.all([granted, grantedClosed, foreign].map(async (id) => ({ id, version: (await row(id)).updated_at }))),
      { kind: "status", status: "checking" },
    );
    expect(forged.applied.map((r) => r.id)).toEqual([granted]);
    expect(Object.fromEntries(forged.refused.map((r) => [r.id, r.reason]))).toEqual({ [grantedClosed]: "workflow", [foreign]: "noPermission" });
    expect((await row(granted)).status).toBe("checking");
    expect((await row(grantedClosed)).status).toBe("closed");
    expect((await row(foreign)).status).toBe("open");
    expect(await activities(foreign)).toEqual([]);
    expect(await activities(grantedClosed)).toEqual([]);
    const closing = await applyBulkChange(t.db, users.user, [{ id: granted, version: (await row(granted)).updated_at }], { kind: "status", status: "closed" });
    expect(closing.refused).toEqual([{ id: granted, name: (await row(granted)).name, reason: "workflow" }]);
    expect((await row(granted)).status).toBe("checking");
  });

  it("a service changed after the preview is refused like a stale form; the others are applied", async () => {
    const a = await make.service(catalogue, k1, { status: "open", updated_at: "2024-01-01T00:00:00.000Z" });
    const b = await make.service(catalogue, k1, { status: "open", updated_at: "2024-01-01T00:00:00.000Z" });
    const preview = await previewBulkChange(t.db, users.keyuser, [a, b], { kind: "status", status: "checking" });
    // Someone saves service b meanwhile.
    await t.db.updateTable("services").set({ name: "Inzwischen geändert", updated_at: "2024-06-01T00:00:00.000Z" }).where("id", "=", b).execute();
    const result = await applyBulkChange(t.db, users.keyuser, preview.rows.map((r) => ({ id: r.id, version: r.version })), { kind: "status", status: "checking" });
    expect(result.applied.map((r) => r.id)).toEqual([a]);
    expect(result.refused).toEqual([{ id: b, name: "Inzwischen geändert", reason: "stale" }]);
    expect((await row(b))).toMatchObject({ status: "open", updated_at: "2024-06-01T00:00:00.000Z" });
    expect((await row(a)).updated_at > "2024-01-01T00:00:00.000Z").toBe(true);
  });

  it("refuses more services than one bulk change takes", async () => {
    const ids = Array.from({ length: MAX_BULK_SERVICES + 1 }, (_, i) => i + 1);
    expect(await rejection(previewBulkChange(t.db, users.keyuser, ids, { kind: "status", status: "open" }))).toBeInstanceOf(TooManyServicesError);
  });
});

describe("owners, providers, service levels and tags", () => {
  it("assigns and removes, skips what is already so, and returns an approved service to open", async () => {
    const owner = await make.owner({ name: unique("Betrieb") });
    const other = await make.owner();
    const plain = await make.service(catalogue, k1, { status: "checking", owners: [other] });
    const has = await make.service(catalogue, k1, { status: "open", owners: [owner] });
    const approved = await make.service(catalogue, k2, { status: "closed" });
    const add = await previewAndApply(users.keyuser, [plain, has, approved], { kind: "owners", mode: "add", id: owner });
    expect(add.preview.valueName).toMatch(/^Betrieb/);
    expect(outcomes(add.preview)).toEqual({ [plain]: "change", [has]: "alreadyAssigned", [approved]: "reopens" });
    expect(await ownersOf(plain)).toEqual([owner, other].sort((a, b) => a - b));
    expect(await ownersOf(approved)).toEqual([owner]);
    expect((await row(approved)).status).toBe("open");
    expect((await row(plain)).status).toBe("checking");
    const log = (await activities(plain)).find((a) => a.description === "relations");
    expect(log).toMatchObject({ event: "updated", causer: users.keyuser.id, old: { owners: [other] }, new: { owners: [owner, other].sort((a, b) => a - b) } });

    const remove = await previewAndApply(users.keyuser, [plain, has, approved], { kind: "owners", mode: "remove", id: other });
    expect(outcomes(remove.preview)).toEqual({ [plain]: "change", [has]: "notAssigned", [approved]: "notAssigned" });
    expect(await ownersOf(plain)).toEqual([owner]);
    expect(await ownersOf(has)).toEqual([owner]);
  });

  it("a tag an attribute mask hides is skipped, and a forged apply writes nothing", async () => {
    const tag = await make.tag();
    const visible = await make.service(catalogue, k1);
    const masked = await make.service(catalogue, km);
    const { preview, result } = await previewAndApply(users.keyuser, [visible, masked], { kind: "tags", mode: "add", id: tag });
    expect(outcomes(preview)).toEqual({ [visible]: "change", [masked]: "hidden" });
    expect(result.applied.map((r) => r.id)).toEqual([visible]);
    const forged = await applyBulkChange(t.db, users.keyuser, [{ id: masked, version: (await row(masked)).updated_at }], { kind: "tags", mode: "add", id: tag });
    expect(forged.refused.map((r) => r.reason)).toEqual(["hidden"]);
    expect(await t.db.selectFrom("service_tags").select("tag_id").where("service_id", "=", masked).execute()).toEqual([]);
  });

  it("a record that does not exist is refused before anything is read or written", async () => {
    const id = await make.service(catalogue, k1);
    const error = await rejection(previewBulkChange(t.db, users.keyuser, [id], { kind: "kpis", mode: "add", id: 999_999 }));
    expect((error as ValidationError).errors).toEqual({ value: "tools.bulk.errors.unknownValue" });
    expect(await rejection(applyBulkChange(t.db, users.keyuser, [{ id, version: (await row(id)).updated_at }], { kind: "providers", mode: "add", id: 999_999 }))).toBeInstanceOf(ValidationError);
  });
});

describe("moving to another catalogue", () => {
  it("the service arrives without its category, its old category closes the gap, and the move is audited on the service", async () => {
    const home = await make.category(catalogue);
    const first = await make.service(catalogue, home, { position: 0 });
    const moving = await make.service(catalogue, home, { position: 1 });
    const last = await make.service(catalogue, home, { position: 2 });
    const before = await row(moving);
    const { preview, result } = await previewAndApply(users.keyuser, [moving], { kind: "catalogue", catalogueId: otherCatalogue });
    expect(outcomes(preview)).toEqual({ [moving]: "change" });
    expect(result.applied.map((r) => r.id)).toEqual([moving]);
    const after = await row(moving);
    expect(after).toMatchObject({ service_catalogue_id: otherCatalogue, category_id: null });
    expect(after.updated_at > before.updated_at).toBe(true);
    expect((await row(first)).position).toBe(0);
    expect((await row(last)).position).toBe(1);
    const log = (await activities(moving)).find((a) => a.event === "moved");
    expect(log).toMatchObject({ causer: users.keyuser.id, description: "catalogue", old: { service_catalogue_id: catalogue, category_id: home }, new: { service_catalogue_id: otherCatalogue, category_id: null } });
    // Already there: skipped.
    const again = await previewBulkChange(t.db, users.keyuser, [moving], { kind: "catalogue", catalogueId: otherCatalogue });
    expect(outcomes(again)).toEqual({ [moving]: "alreadyThere" });
  });
});
