import { beforeAll, describe, expect, it } from "vitest";
import { verifyLogin } from "~/modules/access/user.server";
import { hasPermission } from "~/modules/access/policy.server";
import { readFrame } from "~/modules/catalogframe/frame-read.server";
import { creditStats } from "~/modules/credits/credits.server";
import { latestActiveMessage, latestPatchNote } from "~/modules/systeminfo/systeminfo.server";
import { getSetting } from "~/server/settings.server";
import { factories, type Factories } from "../../factories";
import { useTestDb } from "../../support/test-db";

// The shared factories write what the app reads: checked through the app's own queries.
// Runs on SQLite by default and on Postgres with DATABASE_URL=postgres://…

const t = useTestDb();
let make: Factories;

beforeAll(async () => {
  make = factories(t.db);
});

describe("factories", () => {
  it("make users who can sign in with their role and flags", async () => {
    const user = await make.user("client", { wordExport: true });
    const signedIn = await verifyLogin(t.db, user.email, user.password);
    expect(signedIn).toMatchObject({ id: user.id, role: "client", wordExport: true });
    expect(await hasPermission(t.db, signedIn!, "export:word")).toBe(true);
  });

  it("make a service with its children in the given order and its relations", async () => {
    const catalogueId = await make.catalogue();
    const areaId = await make.area(catalogueId);
    const categoryId = await make.category(catalogueId, { service_area_id: areaId });
    const [owner, kpi, tag] = [await make.owner(), await make.kpi(), await make.tag()];
    const required = await make.service(catalogueId, categoryId);
    const id = await make.service(catalogueId, categoryId, {
      name: "Drucken",
      status: "closed",
      options: ["Farbe", { name: "A3", costs: 12 }],
      responsibilities: ["Papier nachfüllen", { description: "Toner", it: 1 }],
      links: ["https://example.com/a", "https://example.com/b"],
      owners: [owner],
      kpis: [kpi],
      tags: [tag],
      dependsOn: [required],
    });
    const service = await t.db.selectFrom("services").select(["name", "status", "category_id", "service_catalogue_id"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(service).toEqual({ name: "Drucken", status: "closed", category_id: categoryId, service_catalogue_id: catalogueId });
    const options = await t.db.selectFrom("service_options").select(["name", "position", "costs"]).where("service_id", "=", id).orderBy("position").execute();
    expect(options.map((o) => [o.name, o.position, Number(o.costs)])).toEqual([
      ["Farbe", 1, 0],
      ["A3", 2, 12],
    ]);
    const duties = await t.db.selectFrom("responsibilities").select(["description", "pos", "it"]).where("service_id", "=", id).orderBy("pos").execute();
    expect(duties.map((d) => [d.description, d.pos, Number(d.it)])).toEqual([
      ["Papier nachfüllen", 1, 0],
      ["Toner", 2, 1],
    ]);
    const links = await t.db.selectFrom("service_links").select("url").where("service_id", "=", id).orderBy("position").execute();
    expect(links.map((l) => l.url)).toEqual(["https://example.com/a", "https://example.com/b"]);
    for (const [table, column, value] of [
      ["service_owners", "owner_id", owner],
      ["service_kpis", "kpi_id", kpi],
      ["service_tags", "tag_id", tag],
      ["service_dependencies", "required_service_id", required],
    ] as const) {
      const rows = await t.db.selectFrom(table).selectAll().where("service_id", "=", id).execute();
      expect(rows.map((r) => (r as Record<string, unknown>)[column])).toEqual([value]);
    }
  });

  it("take links with their own values, relate an existing service, and make a service in no catalogue", async () => {
    const [owner, provider] = [await make.owner(), await make.provider()];
    const id = await make.service(null, null, { links: [{ url: "https://example.com/doc", position: 0 }, "https://example.com/second"] });
    await make.relate(id, { owners: [owner], providers: [provider] });
    const service = await t.db.selectFrom("services").select(["service_catalogue_id", "category_id"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(service).toEqual({ service_catalogue_id: null, category_id: null });
    const links = await t.db.selectFrom("service_links").select(["url", "position"]).where("service_id", "=", id).orderBy("position").execute();
    expect(links).toEqual([
      { url: "https://example.com/doc", position: 0 },
      { url: "https://example.com/second", position: 2 },
    ]);
    expect(await t.db.selectFrom("service_owners").select("owner_id").where("service_id", "=", id).execute()).toEqual([{ owner_id: owner }]);
    expect(await t.db.selectFrom("service_providers").select("provider_id").where("service_id", "=", id).execute()).toEqual([{ provider_id: provider }]);
  });

  it("give unique default names, so parallel tests never collide", async () => {
    const catalogueId = await make.catalogue();
    const a = await make.category(catalogueId);
    const b = await make.category(catalogueId);
    const names = await t.db.selectFrom("service_categories").select("name").where("id", "in", [a, b]).execute();
    expect(new Set(names.map((n) => n.name)).size).toBe(2);
  });

  it("grant a user the services of a category", async () => {
    const user = await make.user("user");
    const { categoryId, serviceIds } = await make.catalogueWithServices(2);
    const other = await make.catalogueWithServices(1);
    await make.grant(user.id, { categoryId });
    const session = (await verifyLogin(t.db, user.email, user.password))!;
    expect(await hasPermission(t.db, session, "update:service", { serviceId: serviceIds[1] })).toBe(true);
    expect(await hasPermission(t.db, session, "update:service", { serviceId: other.serviceIds[0] })).toBe(false);
  });

  it("make a catalogue frame with a section holding a paragraph, a table with its rows and a matrix, in order", async () => {
    const catalogueId = await make.catalogue();
    await make.frame(catalogueId, { title: "Deckblatt" });
    const section = await make.section(catalogueId, { name: "Rahmen" });
    await make.paragraph(section, { title: "Erst", global_position: 0 });
    await make.table(section, { title: "Dann", global_position: 1, rows: [["a", "b"], ["c", "d"]] });
    await make.matrix(section, { title: "Zuletzt", global_position: 2 });
    const frame = await readFrame(t.db, catalogueId);
    expect(frame.title).toBe("Deckblatt");
    expect(frame.sections.map((s) => s.name)).toEqual(["Rahmen"]);
    expect(frame.sections[0].items.map((i) => [i.kind, i.title])).toEqual([["paragraph", "Erst"], ["table", "Dann"], ["matrix", "Zuletzt"]]);
    expect(frame.sections[0].items[1]).toMatchObject({ rows: [{ values: ["a", "b"] }, { values: ["c", "d"] }] });
  });

  it("make system messages, patch notes, credit orders and usage, and settings rows the app reads", async () => {
    const message = await make.message({ headline: "Wartung", text: "<p>x</p>", expiration_date: "2999-01-01T00:00:00.000Z" });
    expect(await latestActiveMessage(t.db)).toMatchObject({ id: message, headline: "Wartung" });
    const note = await make.patchNote({ headline: "Neu", version: "9.0.0", patch_date: "2999-01-01 10:00" });
    expect(await latestPatchNote(t.db)).toMatchObject({ id: note, version: "9.0.0" });

    const order = await make.tokenOrder({ value: 500 });
    expect(await t.db.selectFrom("token_orders").select(["value", "status"]).where("id", "=", order).executeTakeFirstOrThrow()).toEqual({ value: 500, status: "pending" });
    await make.tokenUsage({ tokens: 1234, created_at: new Date().toISOString() });
    expect((await creditStats(t.db)).usage).toMatchObject({ total_used_tokens: 1234, used_this_month: 1234 });

    await make.setting("factory_probe", JSON.stringify("vorher"));
    await make.setting("factory_probe", JSON.stringify("nachher"));
    expect(await getSetting(t.db, "factory_probe")).toBe("nachher");
  });
});
