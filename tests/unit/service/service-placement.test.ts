import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/modules/access/user.server";
import { publishedServices } from "~/modules/api/published-services.server";
import { moveSelectionToCatalogue } from "~/modules/catalogue/catalogue.server";
import { importFactoryService } from "~/modules/factory/factory-import.server";
import { copyService, restoreService, trashService } from "~/modules/service/service-lifecycle.server";
import { moveService } from "~/modules/service/service-order.server";
import { createService } from "~/modules/service/service.server";
import { applyBulkChange } from "~/modules/tools/bulk.server";
import { applyImport } from "~/modules/tools/csv-import.server";
import { factories } from "../../factories";
import { categoryOrder } from "../../support/reads";
import { useTestDb } from "../../support/test-db";

/**
 * Issue 33 §1 (decision 0060): every write that places a service — create, duplicate, derive,
 * move, batch move, bulk change, CSV import, template import, bin and restore — leaves the live
 * services of every category numbered 0..n-1. SQLite by default, Postgres with DATABASE_URL.
 */
const t = useTestDb();
const make = factories(() => t.db);
let admin: SessionUser;

beforeAll(async () => {
  const u = await make.user("superadmin");
  admin = {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    azureUser: false,
    wordExport: false,
  };
});

/**
 * Two catalogues: A with categories A1 (a0..a2, and a binned service that kept position 1) and
 * A2 (b0, b1); B with B1 (c0, approved). Every category starts numbered 0..n-1.
 */
async function world() {
  const A = await make.catalogue();
  const B = await make.catalogue();
  const [A1, A2, B1] = await Promise.all([make.category(A, { name: "A1" }), make.category(A, { name: "A2" }), make.category(B, { name: "B1" })]);
  const a = [];
  for (const position of [0, 1, 2]) a.push(await make.service(A, A1, { name: `a${position}`, position }));
  await make.service(A, A1, {
    name: "im Papierkorb",
    position: 1,
    deleted_at: "2025-01-01T00:00:00.000Z",
    deleted_by: admin.id,
  });
  const b = [await make.service(A, A2, { name: "b0", position: 0 }), await make.service(A, A2, { name: "b1", position: 1 })];
  // Approved, so the catalogue API publishes it (the template import reads that form).
  const c = [await make.service(B, B1, { name: "c0", position: 0, status: "closed" })];
  return { A, B, A1, A2, B1, a, b, c };
}

/** The live services of a category in display order, with their positions. */
async function positions(categoryId: number) {
  return categoryOrder(t.db, categoryId);
}

/** The categories of these catalogues whose live services are not numbered 0..n-1 (none, when all is well). */
async function gaps(...catalogueIds: number[]) {
  const categories = await t.db.selectFrom("service_categories").select(["id", "name"]).where("service_catalogue_id", "in", catalogueIds).orderBy("id").execute();
  const out: { category: string; positions: number[] }[] = [];
  for (const c of categories) {
    const stored = (await positions(c.id)).map((r) => r.position);
    if (stored.some((p, i) => p !== i)) out.push({ category: c.name, positions: stored });
  }
  return out;
}

async function placeOf(serviceId: number) {
  const row = await t.db.selectFrom("services").select(["category_id", "position", "updated_at"]).where("id", "=", serviceId).executeTakeFirstOrThrow();
  return {
    categoryId: row.category_id,
    position: Number(row.position),
    version: row.updated_at,
  };
}

describe("every path keeps a category's services numbered 0..n-1", () => {
  it("create puts the new service at the end of its category", async () => {
    const w = await world();
    const id = await createService(t.db, { name: "neu", categoryId: w.A1 }, admin);
    expect(await placeOf(id)).toMatchObject({ categoryId: w.A1, position: 3 });
    expect(await gaps(w.A, w.B)).toEqual([]);
  });

  it("duplicate and derive put the copy at the end of the target category", async () => {
    const w = await world();
    const duplicate = await copyService(t.db, w.a[1], { categoryId: w.A2, asDerivative: false }, admin);
    const derivative = await copyService(t.db, w.a[1], { categoryId: w.B1, asDerivative: true }, admin);
    expect(await placeOf(duplicate)).toMatchObject({
      categoryId: w.A2,
      position: 2,
    });
    expect(await placeOf(derivative)).toMatchObject({
      categoryId: w.B1,
      position: 1,
    });
    expect(await gaps(w.A, w.B)).toEqual([]);
  });

  it("move closes the gap it leaves and makes room where it lands", async () => {
    const w = await world();
    await moveService(t.db, w.a[0], w.A2, 1, admin);
    expect((await positions(w.A2)).map((r) => r.id)).toEqual([w.b[0], w.a[0], w.b[1]]);
    expect(await gaps(w.A, w.B)).toEqual([]);
  });

  it("the browser's batch move closes the gap in a category a service leaves", async () => {
    const w = await world();
    await moveSelectionToCatalogue(t.db, { areas: [], categories: [], services: [w.a[1]] }, w.B, admin);
    expect(await placeOf(w.a[1])).toMatchObject({ categoryId: null });
    expect((await positions(w.A1)).map((r) => r.id)).toEqual([w.a[0], w.a[2]]);
    expect(await gaps(w.A, w.B)).toEqual([]);
  });

  it("a batch move with a category leaves that category whole and closes the others", async () => {
    const w = await world();
    await moveSelectionToCatalogue(t.db, { areas: [], categories: [w.A2], services: [w.a[0], w.b[0]] }, w.B, admin);
    expect((await positions(w.A2)).map((r) => r.id)).toEqual(w.b);
    expect(await gaps(w.A, w.B)).toEqual([]);
  });

  it("a bulk change to another catalogue closes the gap", async () => {
    const w = await world();
    const result = await applyBulkChange(t.db, admin, [{ id: w.a[0], version: (await placeOf(w.a[0])).version }], { kind: "catalogue", catalogueId: w.B });
    expect(result.applied.map((r) => r.id)).toEqual([w.a[0]]);
    expect(await gaps(w.A, w.B)).toEqual([]);
  });

  it("a CSV import that names another category moves the service to its end", async () => {
    const w = await world();
    const cells = {
      id: String(w.a[0]),
      version: (await placeOf(w.a[0])).version,
      category_id: String(w.A2),
    };
    expect(await applyImport(t.db, admin, [{ line: 2, cells }], false)).toMatchObject({ status: "applied", applied: 1 });
    expect(await placeOf(w.a[0])).toMatchObject({
      categoryId: w.A2,
      position: 2,
    });
    expect(await gaps(w.A, w.B)).toEqual([]);
  });

  it("a template import puts the service at the end of its category", async () => {
    const w = await world();
    const [raw] = (await publishedServices(t.db, { ids: [w.c[0]] })).rows;
    const outcome = await importFactoryService(
      t.db,
      raw,
      {
        catalogueId: w.A,
        targets: new Map([[w.B1, { kind: "existing", categoryId: w.A1 }]]),
        categoryNames: new Map(),
      },
      admin
    );
    expect(outcome).toMatchObject({ status: "imported" });
    if (outcome.status !== "imported") return;
    expect(await placeOf(outcome.serviceId)).toMatchObject({
      categoryId: w.A1,
      position: 3,
    });
    expect(await gaps(w.A, w.B)).toEqual([]);
  });

  it("binning a service (with its derivative) closes both gaps; restoring puts it at the end", async () => {
    const w = await world();
    const derivative = await copyService(t.db, w.a[0], { categoryId: w.B1, asDerivative: true }, admin);
    await moveService(t.db, derivative, w.B1, 0, admin);
    await trashService(t.db, w.a[0], (await placeOf(w.a[0])).version, admin);
    expect((await positions(w.B1)).map((r) => r.id)).toEqual(w.c);
    expect(await gaps(w.A, w.B)).toEqual([]);

    await restoreService(t.db, w.a[0], null, admin);
    expect(await placeOf(w.a[0])).toMatchObject({
      categoryId: w.A1,
      position: 2,
    });
    await restoreService(t.db, derivative, w.A2, admin);
    expect(await placeOf(derivative)).toMatchObject({
      categoryId: w.A2,
      position: 2,
    });
    expect(await gaps(w.A, w.B)).toEqual([]);
  });
});
