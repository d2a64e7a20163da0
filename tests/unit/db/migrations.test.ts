import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "../../../app/server/db/migrate.server";
import { STATIC_CATALOGUE_ID } from "../../../app/server/db/schema";
import { useTestDb } from "../../support/test-db";

const t = useTestDb();

const now = () => new Date().toISOString();

describe("migrations", () => {
  it("apply once; a second run applies nothing", async () => {
    const applied = await t.db.selectFrom("kysely_migration" as never).select(sql<string>`name`.as("name")).execute();
    expect(applied.map((r) => r.name)).toEqual(
      expect.arrayContaining(["0001_access", "0002_base_data", "0003_catalogue", "0004_admin", "0005_catalog_frame"]),
    );
    expect(await migrateToLatest(t.db)).toEqual([]);
  });

  it("create the fixed rows: static catalogue -1 with its frame, area config 1, 11 headlines", async () => {
    const catalogue = await t.db
      .selectFrom("service_catalogues")
      .selectAll()
      .where("id", "=", STATIC_CATALOGUE_ID)
      .executeTakeFirst();
    expect(catalogue).toMatchObject({ id: -1, title: null });
    expect(catalogue?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const frames = await t.db.selectFrom("catalog_frames").select("service_catalogue_id").execute();
    expect(frames).toEqual([{ service_catalogue_id: -1 }]);

    const config = await t.db.selectFrom("service_area_config").selectAll().execute();
    expect(config).toEqual([{ id: 1, active: 1 }]);

    const headlines = await t.db.selectFrom("service_headlines").selectAll().orderBy("position").execute();
    expect(headlines.map((h) => h.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(headlines[0]).toMatchObject({ headline_text_init: "Kurzbeschreibung", headline_text_custom: null });
    expect(headlines[10].headline_text_init).toBe("Links");
    expect(headlines.every((h) => h.headline_text_custom === null)).toBe(true);
  });

  it("fills defaults: ISO timestamps, flags, status", async () => {
    const user = await t.db
      .insertInto("users")
      .values({ name: "Default Test", email: "defaults@example.com" })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: "user", azure_user: 0, privacy_accepted: 0, word_export: 0 });
    expect(Date.parse(user.created_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(user.created_at.endsWith("Z")).toBe(true);

    const service = await t.db
      .insertInto("services")
      .values({ name: "Default-Service" })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(service).toMatchObject({ status: "open", statuspercent: 0, servicetype: "customer", position: 0, deleted_at: null });

    const option = await t.db
      .insertInto("service_options")
      .values({ service_id: service.id, name: "Option" })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(option.costs).toBe(0);
    await t.db.updateTable("service_options").set({ costs: 12.5 }).where("id", "=", option.id).execute();
    const costs = await t.db.selectFrom("service_options").select("costs").where("id", "=", option.id).executeTakeFirstOrThrow();
    expect(costs.costs).toBe(12.5);
  });

  it("rejects a role outside the list", async () => {
    await expect(
      t.db.insertInto("users").values({ name: "X", email: "x@example.com", role: "guru" as never }).execute(),
    ).rejects.toThrow();
    const count = await t.db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).where("email", "=", "x@example.com").executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("rejects invalid status, servicetype and statuspercent", async () => {
    await expect(t.db.insertInto("services").values({ name: "S", status: "done" as never }).execute()).rejects.toThrow();
    await expect(t.db.insertInto("services").values({ name: "S", servicetype: "both" as never }).execute()).rejects.toThrow();
    await expect(t.db.insertInto("services").values({ name: "S", statuspercent: 101 }).execute()).rejects.toThrow();
  });

  it("enforces case-insensitive unique names", async () => {
    await t.db.insertInto("owners").values({ name: "Owner A" }).execute();
    await expect(t.db.insertInto("owners").values({ name: "owner a" }).execute()).rejects.toThrow();
    await t.db.insertInto("users").values({ name: "A", email: "Case@Example.com" }).execute();
    await expect(t.db.insertInto("users").values({ name: "B", email: "case@example.COM" }).execute()).rejects.toThrow();
    await t.db.insertInto("tags").values({ name: "Cloud" }).execute();
    await expect(t.db.insertInto("tags").values({ name: "CLOUD" }).execute()).rejects.toThrow();
    const owners = await t.db.selectFrom("owners").select("name").execute();
    expect(owners).toEqual([{ name: "Owner A" }]);
  });

  it("rejects a service depending on itself and cascades join rows", async () => {
    const a = await t.db.insertInto("services").values({ name: "A" }).returning("id").executeTakeFirstOrThrow();
    const b = await t.db.insertInto("services").values({ name: "B" }).returning("id").executeTakeFirstOrThrow();
    await expect(
      t.db.insertInto("service_dependencies").values({ service_id: a.id, required_service_id: a.id }).execute(),
    ).rejects.toThrow();
    await t.db.insertInto("service_dependencies").values({ service_id: a.id, required_service_id: b.id }).execute();
    await t.db.deleteFrom("services").where("id", "=", b.id).execute();
    const deps = await t.db.selectFrom("service_dependencies").selectAll().where("service_id", "=", a.id).execute();
    expect(deps).toEqual([]);
  });

  it("sets optional parents to null when the parent goes", async () => {
    const area = await t.db.insertInto("service_areas").values({ name: "Bereich" }).returning("id").executeTakeFirstOrThrow();
    const category = await t.db
      .insertInto("service_categories")
      .values({ name: "Kategorie", service_area_id: area.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    const service = await t.db
      .insertInto("services")
      .values({ name: "Kind", category_id: category.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom("service_areas").where("id", "=", area.id).execute();
    await t.db.deleteFrom("service_categories").where("id", "=", category.id).execute();
    const row = await t.db.selectFrom("services").select("category_id").where("id", "=", service.id).executeTakeFirstOrThrow();
    expect(row.category_id).toBeNull();
  });

  it("allows only one pending token order", async () => {
    await t.db.insertInto("token_orders").values({ value: 10 }).execute();
    await expect(t.db.insertInto("token_orders").values({ value: 20 }).execute()).rejects.toThrow();
    await t.db.updateTable("token_orders").set({ status: "completed", completed_at: now() }).execute();
    await t.db.insertInto("token_orders").values({ value: 20 }).execute();
    await expect(
      t.db.insertInto("token_orders").values({ value: 5, status: "paid" as never }).execute(),
    ).rejects.toThrow();
  });

  it("deleting a user cascades sessions and keeps audit rows with causer null", async () => {
    const user = await t.db.insertInto("users").values({ name: "Temp", email: "temp@example.com" }).returning("id").executeTakeFirstOrThrow();
    await t.db
      .insertInto("sessions")
      .values({ id: "tok-1", user_id: user.id, expires_at: now() })
      .execute();
    await t.db
      .insertInto("activities")
      .values({ subject_type: "user", subject_id: String(user.id), event: "created", causer_id: user.id, causer_name: "Temp" })
      .execute();
    await t.db.deleteFrom("users").where("id", "=", user.id).execute();
    expect(await t.db.selectFrom("sessions").selectAll().where("id", "=", "tok-1").execute()).toEqual([]);
    const activity = await t.db.selectFrom("activities").selectAll().where("causer_name", "=", "Temp").executeTakeFirstOrThrow();
    expect(activity.causer_id).toBeNull();
  });
});
