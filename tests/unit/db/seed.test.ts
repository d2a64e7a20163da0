import { describe, expect, it } from "vitest";
import { verifyPassword } from "../../../app/modules/access/password.server";
import type { TableName } from "../../../app/server/db/schema";
import { DEMO_PASSWORD, DEMO_USERS, ensureAdminFromEnv, seedDemo } from "../../../app/server/db/seed.server";
import { ViewStateSchema } from "../../../app/modules/views/views-state";
import { readFrame } from "../../../app/modules/catalogframe/frame-read.server";
import { KEY_FIGURES } from "../../../app/modules/catalogframe/frame-types";
import { factories } from "../../factories";
import { useTestDb } from "../../support/test-db";

const t = useTestDb();

const COUNTED: TableName[] = [
  "users",
  "service_catalogues",
  "service_areas",
  "service_categories",
  "services",
  "service_options",
  "responsibilities",
  "service_links",
  "service_owners",
  "service_kpis",
  "service_providers",
  "service_tags",
  "service_dependencies",
  "owners",
  "owner_representatives",
  "kpis",
  "providers",
  "tags",
  "term_definitions",
  "customer_data",
  "service_attribute_items",
  "attribute_dropdowns",
  "service_dropdown_items",
  "user_category_permissions",
  "catalog_frames",
  "sections",
  "paragraphs",
  "section_tables",
  "table_rows",
  "matrix_tables",
  "saved_views",
];

async function count(table: TableName): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of COUNTED) out[table] = await count(table);
  return out;
}

describe("seedDemo", () => {
  let first: Record<string, number>;

  it("creates the demo content", async () => {
    expect(await seedDemo(t.db)).toEqual({ created: true });
    first = await counts();
    expect(first.users).toBe(6);
    expect(first.service_catalogues).toBe(3); // static -1 + 2
    expect(first.service_areas).toBeGreaterThanOrEqual(4);
    expect(first.service_categories).toBeGreaterThanOrEqual(10);
    expect(first.services).toBeGreaterThanOrEqual(40);
    expect(first.owners).toBeGreaterThanOrEqual(6);
    expect(first.owner_representatives).toBeGreaterThanOrEqual(6);
    expect(first.kpis).toBeGreaterThanOrEqual(5);
    expect(first.providers).toBeGreaterThanOrEqual(4);
    expect(first.tags).toBeGreaterThanOrEqual(6);
    expect(first.term_definitions).toBeGreaterThanOrEqual(8);
    expect(first.customer_data).toBe(1);
    expect(first.service_attribute_items).toBe(2);
    expect(first.attribute_dropdowns).toBe(2);
    expect(first.service_options).toBeGreaterThan(0);
    expect(first.responsibilities).toBeGreaterThan(0);
    expect(first.service_links).toBeGreaterThan(0);
    expect(first.service_dependencies).toBeGreaterThan(0);
    expect(first.user_category_permissions).toBe(2);
    expect(first.catalog_frames).toBe(3);
    expect(first.saved_views).toBe(2);
  });

  it("gives every demo account its role and the demo password", async () => {
    const users = await t.db.selectFrom("users").select(["email", "name", "role", "password_hash"]).execute();
    for (const demo of DEMO_USERS) {
      const user = users.find((u) => u.email === demo.email);
      expect(user, demo.email).toMatchObject({ name: demo.name, role: demo.role });
      expect(await verifyPassword(DEMO_PASSWORD, user?.password_hash)).toBe(true);
      expect(await verifyPassword("wrong-password", user?.password_hash)).toBe(false);
    }
  });

  it("grants user@example.com two categories", async () => {
    const rows = await t.db
      .selectFrom("user_category_permissions as p")
      .innerJoin("users as u", "u.id", "p.user_id")
      .innerJoin("service_categories as c", "c.id", "p.category_id")
      .select("c.name")
      .where("u.email", "=", "user@example.com")
      .orderBy("c.name")
      .execute();
    expect(rows.map((r) => r.name)).toEqual(["Hardware", "Software & Lizenzen"]);
  });

  it("shares two saved views of the key user whose states are valid browser states", async () => {
    const views = await t.db.selectFrom("saved_views").selectAll().orderBy("name").execute();
    expect(views.map((v) => [v.name, v.shared])).toEqual([
      ["Ohne Service-Level", 1],
      ["Warten auf Abnahme", 1],
    ]);
    for (const view of views) expect(ViewStateSchema.safeParse(JSON.parse(view.state)).success, view.name).toBe(true);
  });

  it("writes realistic, varied services", async () => {
    const services = await t.db.selectFrom("services").selectAll().execute();
    const names = services.map((s) => s.name);
    for (const name of ["Notebook-Bereitstellung", "VPN-Zugang", "Microsoft 365 Postfach", "Backup & Restore", "Passwort-Reset"]) {
      expect(names).toContain(name);
    }
    expect(new Set(services.map((s) => s.status))).toEqual(new Set(["open", "checking", "closed"]));
    expect(new Set(services.map((s) => s.servicetype))).toEqual(new Set(["customer", "it"]));
    expect(new Set(services.map((s) => s.statuspercent)).size).toBeGreaterThan(3);
    for (const s of services) {
      expect(s.short_description).toMatch(/^<p>.+<\/p>$/);
      expect(s.description).toMatch(/^<p>/);
      expect(s.category_id).not.toBeNull();
      expect(s.deleted_at).toBeNull();
    }
    expect(services.some((s) => s.content?.includes("<ul><li>"))).toBe(true);
    expect(services.some((s) => s.parent_service_id !== null)).toBe(true);
  });

  it("numbers services 0..n-1 within each category", async () => {
    const rows = await t.db.selectFrom("services").select(["category_id", "position"]).orderBy("category_id").orderBy("position").execute();
    const byCategory = new Map<number, number[]>();
    for (const r of rows) byCategory.set(r.category_id!, [...(byCategory.get(r.category_id!) ?? []), r.position]);
    expect(byCategory.size).toBeGreaterThanOrEqual(10);
    for (const positions of byCategory.values()) expect(positions).toEqual(positions.map((_, i) => i));
  });

  it("leaves a few services without owner and a few without service level", async () => {
    const withoutOwner = await t.db
      .selectFrom("services as s")
      .leftJoin("service_owners as o", "o.service_id", "s.id")
      .select("s.id")
      .where("o.owner_id", "is", null)
      .execute();
    const withoutKpi = await t.db
      .selectFrom("services as s")
      .leftJoin("service_kpis as k", "k.service_id", "s.id")
      .select("s.id")
      .where("k.kpi_id", "is", null)
      .execute();
    expect(withoutOwner.length).toBeGreaterThanOrEqual(2);
    expect(withoutOwner.length).toBeLessThan(10);
    expect(withoutKpi.length).toBeGreaterThanOrEqual(2);
    expect(withoutKpi.length).toBeLessThan(15);
  });

  it("creates the Betriebszeit dropdown with three active slots", async () => {
    const row = await t.db
      .selectFrom("service_attribute_items as i")
      .innerJoin("attribute_dropdowns as d", "d.attribute_item_id", "i.id")
      .selectAll("d")
      .select(["i.dropdown_count", "i.active"])
      .where("i.designation", "=", "Betriebszeit")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      active: 1,
      dropdown_count: 3,
      drop_down_one_active: 1,
      drop_down_two_active: 1,
      drop_down_three_active: 1,
      drop_down_four_active: 0,
      drop_down_three_value: "24/7",
    });
  });

  it("fills the IT catalogue's cover sheet as its frame page reads it (issue 32 §12)", async () => {
    const catalogue = await t.db.selectFrom("service_catalogues").select("id").where("title", "=", "IT-Servicekatalog 2026").executeTakeFirstOrThrow();
    const frame = await readFrame(t.db, catalogue.id);
    expect(frame.title).toBe("IT-Servicekatalog 2026");
    expect(frame.introduction).toMatch(/^<p>.+<\/p>/);
    expect(frame.priorities.length).toBeGreaterThanOrEqual(3);
    expect(frame.solutionTimes.map((row) => row.priority)).toEqual(frame.priorities.map((row) => row.name));
    expect(frame.deploymentTimes.length).toBeGreaterThan(0);
    // Every key figure has a value: an empty one shows as a gap on the sheet.
    expect(KEY_FIGURES.filter((key) => !frame.keyFigures[key]?.trim())).toEqual([]);
    expect(frame.sections.map((section) => section.name)).toEqual(["Allgemeine Regelungen", "Kontakt und Eskalation"]);
    const kinds = frame.sections.flatMap((section) => section.items.map((item) => item.kind));
    expect(new Set(kinds)).toEqual(new Set(["paragraph", "table", "matrix"]));
    for (const item of frame.sections.flatMap((section) => section.items)) {
      if (item.kind === "paragraph") expect(item.content).toMatch(/<p>.+<\/p>/);
      if (item.kind === "table") expect(item.rows.every((row) => row.values.length === item.headers.length)).toBe(true);
      if (item.kind === "matrix") expect(item.matrix_data).toHaveLength(item.row_headers.length);
    }
  });

  it("changes nothing when run again", async () => {
    expect(await seedDemo(t.db)).toEqual({ created: false });
    expect(await counts()).toEqual(first);
  });
});

describe("ensureAdminFromEnv", () => {
  it("does nothing without ADMIN_EMAIL and ADMIN_PASSWORD", async () => {
    const before = await count("users");
    expect(await ensureAdminFromEnv(t.db, {})).toBe(false);
    expect(await ensureAdminFromEnv(t.db, { ADMIN_EMAIL: "only@example.com" })).toBe(false);
    expect(await count("users")).toBe(before);
  });

  it("creates a superadmin once", async () => {
    const env = { ADMIN_EMAIL: "Chefin@Example.com", ADMIN_PASSWORD: "sehr-geheim-123", ADMIN_NAME: "Chefin" };
    expect(await ensureAdminFromEnv(t.db, env)).toBe(true);
    expect(await ensureAdminFromEnv(t.db, env)).toBe(false);
    expect(await ensureAdminFromEnv(t.db, { ...env, ADMIN_EMAIL: "chefin@example.com" })).toBe(false);
    const admins = await t.db.selectFrom("users").selectAll().where("email", "=", "chefin@example.com").execute();
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ name: "Chefin", role: "superadmin" });
    expect(await verifyPassword("sehr-geheim-123", admins[0].password_hash)).toBe(true);
  });

  it("defaults the name to Administrator", async () => {
    expect(await ensureAdminFromEnv(t.db, { ADMIN_EMAIL: "root@example.com", ADMIN_PASSWORD: "x-secret" })).toBe(true);
    const admin = await t.db.selectFrom("users").select(["name", "role"]).where("email", "=", "root@example.com").executeTakeFirstOrThrow();
    expect(admin).toEqual({ name: "Administrator", role: "superadmin" });
  });
});

describe("seedDemo on a database that already has services", () => {
  const other = useTestDb();

  it("changes nothing", async () => {
    await factories(other.db).service(null, null, { name: "Bestehender Service" });
    expect(await seedDemo(other.db)).toEqual({ created: false });
    const users = await other.db.selectFrom("users").select("id").execute();
    expect(users).toEqual([]);
  });
});
