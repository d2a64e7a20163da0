import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "~/modules/access/roles";
import { canEditCategory, canEditService, editScope } from "~/modules/access/permissions.server";
import { hasPermission } from "~/modules/access/policy.server";
import { factories } from "../../factories";
import { useTestDb } from "../../support/test-db";

// Runs on SQLite by default and on Postgres with DATABASE_URL=postgres://…

const t = useTestDb();
const make = factories(() => t.db);
let catalogueId: number;
let granted: number; // category granted to `user`
let other: number; // category not granted
let inGranted: number; // service in the granted category
let singleGrant: number; // service granted individually, in `other`
let plain: number; // service in `other`, not granted
let loose: number; // service without category
const users: Partial<Record<Role | "otherUser", { id: number; role: Role }>> = {};

async function addUser(key: string, role: Role) {
  const { id } = await make.user(role, { name: key, email: `${key}@rechte.test` });
  return { id, role };
}
const addCategory = (name: string) => make.category(catalogueId, { name });
const addService = (categoryId: number | null, name: string) => make.service(catalogueId, categoryId, { name });

beforeAll(async () => {
  catalogueId = await make.catalogue({ title: "Rechte" });
  granted = await addCategory("Freigegeben");
  other = await addCategory("Gesperrt");
  inGranted = await addService(granted, "In freigegebener Kategorie");
  singleGrant = await addService(other, "Einzeln freigegeben");
  plain = await addService(other, "Nicht freigegeben");
  loose = await addService(null, "Ohne Kategorie");
  for (const role of ["client", "user", "keyuser", "keysuperuser", "admin", "superadmin"] as const) users[role] = await addUser(role, role);
  users.otherUser = await addUser("otherUser", "user");
  // The grants: `user` may edit the category `granted` and the single service `singleGrant`.
  await make.grant(users.user!.id, { categoryId: granted });
  await make.grant(users.user!.id, { serviceId: singleGrant });
  // A client with grants still may not edit anything.
  await make.grant(users.client!.id, { categoryId: granted });
  await make.grant(users.client!.id, { serviceId: singleGrant });
});

describe("client", () => {
  it("never edits, even with grants", async () => {
    const client = users.client!;
    for (const service of [inGranted, singleGrant, plain, loose]) expect(await canEditService(t.db, client, service)).toBe(false);
    for (const category of [granted, other]) expect(await canEditCategory(t.db, client, category)).toBe(false);
    expect(await editScope(t.db, client)).toEqual({ all: false, categories: [], services: [] });
  });
});

describe("user", () => {
  it("edits services of a granted category and individually granted services only", async () => {
    const user = users.user!;
    expect(await canEditService(t.db, user, inGranted)).toBe(true);
    expect(await canEditService(t.db, user, singleGrant)).toBe(true);
    expect(await canEditService(t.db, user, plain)).toBe(false);
    expect(await canEditService(t.db, user, loose)).toBe(false);
    expect(await canEditService(t.db, user, 987_654)).toBe(false);
  });

  it("may place services only into a granted category; a single service grant does not open its category", async () => {
    const user = users.user!;
    expect(await canEditCategory(t.db, user, granted)).toBe(true);
    expect(await canEditCategory(t.db, user, other)).toBe(false);
    expect(await canEditCategory(t.db, user, 987_654)).toBe(false);
  });

  it("editScope lists exactly the grants", async () => {
    expect(await editScope(t.db, users.user!)).toEqual({ all: false, categories: [granted], services: [singleGrant] });
  });

  it("grants are personal: another user gets nothing", async () => {
    const someone = users.otherUser!;
    for (const service of [inGranted, singleGrant, plain]) expect(await canEditService(t.db, someone, service)).toBe(false);
    expect(await canEditCategory(t.db, someone, granted)).toBe(false);
    expect(await editScope(t.db, someone)).toEqual({ all: false, categories: [], services: [] });
  });

  it("a service moved into a granted category becomes editable; moved out, it is not", async () => {
    const user = users.user!;
    const moving = await addService(other, "Wandernd");
    expect(await canEditService(t.db, user, moving)).toBe(false);
    await t.db.updateTable("services").set({ category_id: granted }).where("id", "=", moving).execute();
    expect(await canEditService(t.db, user, moving)).toBe(true);
    await t.db.updateTable("services").set({ category_id: other }).where("id", "=", moving).execute();
    expect(await canEditService(t.db, user, moving)).toBe(false);
  });

  it("a revoked grant takes effect at once", async () => {
    const user = await addUser("widerruf", "user");
    await make.grant(user.id, { categoryId: other });
    expect(await canEditService(t.db, user, plain)).toBe(true);
    await t.db.deleteFrom("user_category_permissions").where("user_id", "=", user.id).execute();
    expect(await canEditService(t.db, user, plain)).toBe(false);
    expect(await canEditCategory(t.db, user, other)).toBe(false);
  });
});

describe("keyuser, keysuperuser, admin, superadmin", () => {
  it("edit every service and category without grants", async () => {
    for (const role of ["keyuser", "keysuperuser", "admin", "superadmin"] as const) {
      const u = users[role]!;
      for (const service of [inGranted, singleGrant, plain, loose]) expect(await canEditService(t.db, u, service), `${role} service ${service}`).toBe(true);
      for (const category of [granted, other]) expect(await canEditCategory(t.db, u, category), `${role} category ${category}`).toBe(true);
      expect(await editScope(t.db, u), role).toEqual({ all: true, categories: [], services: [] });
    }
  });
});

describe("unknown roles", () => {
  it("are denied everything", async () => {
    const stranger = { id: users.user!.id, role: "hacker" as Role };
    expect(await canEditService(t.db, stranger, inGranted)).toBe(false);
    expect(await canEditCategory(t.db, stranger, granted)).toBe(false);
    expect(await editScope(t.db, stranger)).toEqual({ all: false, categories: [], services: [] });
  });
});

describe("hasPermission — role, flags and grants in one call", () => {
  const session = (u: { id: number; role: Role }, wordExport = false) => ({ ...u, name: "x", email: "x@rechte.test", azureUser: false, wordExport });

  it("update:service for a user holds only on granted services and categories", async () => {
    const user = session(users.user!);
    expect(await hasPermission(t.db, user, "update:service", { serviceId: inGranted })).toBe(true);
    expect(await hasPermission(t.db, user, "update:service", { serviceId: singleGrant })).toBe(true);
    expect(await hasPermission(t.db, user, "update:service", { serviceId: plain })).toBe(false);
    expect(await hasPermission(t.db, user, "update:service", { categoryId: granted })).toBe(true);
    expect(await hasPermission(t.db, user, "update:service", { categoryId: other })).toBe(false);
    // Both given: both must be granted (a move of a granted service into a foreign category).
    expect(await hasPermission(t.db, user, "update:service", { serviceId: singleGrant, categoryId: other })).toBe(false);
    expect(await hasPermission(t.db, session(users.otherUser!), "update:service", { serviceId: inGranted })).toBe(false);
  });

  it("a client with grants holds nothing but reading; a keyuser holds update:service everywhere", async () => {
    expect(await hasPermission(t.db, session(users.client!), "update:service", { serviceId: inGranted })).toBe(false);
    expect(await hasPermission(t.db, session(users.client!), "read:catalogue")).toBe(true);
    expect(await hasPermission(t.db, session(users.keyuser!), "update:service", { serviceId: plain, categoryId: other })).toBe(true);
    expect(await hasPermission(t.db, session(users.keyuser!), "access:admin")).toBe(false);
  });

  it("export:word follows the user's flag", async () => {
    expect(await hasPermission(t.db, session(users.client!), "export:word")).toBe(false);
    expect(await hasPermission(t.db, session(users.client!, true), "export:word")).toBe(true);
  });
});
