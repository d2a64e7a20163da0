import type { Kysely } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createDb, dialectOf } from "~/server/db/db.server";
import type { Database } from "~/server/db/schema";
import { listActivitiesFor } from "~/server/audit.server";
import { isPostgresDb } from "~/server/db-helpers.server";
import { CrossCatalogueMoveError, ForbiddenError, NotFoundError } from "~/server/errors.server";
import { moveService, positionInCategory, type Mover } from "~/modules/service/service-order.server";
import { factories } from "../../factories";
import { categoryOrder } from "../../support/reads";
import { useTestDb } from "../../support/test-db";
import { rejection } from "../../support/rejection";

// Runs on SQLite by default and on Postgres with DATABASE_URL=postgres://…

const t = useTestDb();
const make = factories(() => t.db);
let causer: Mover;
let catalogueId: number;
let otherCatalogueId: number;

/** A category with services at positions 0..n-1 (or the given positions), in name order. */
async function categoryWith(catalogue: number, label: string, count: number, positions?: number[]) {
  const category = await make.category(catalogue, { name: label });
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push(await make.service(catalogue, category, { name: `${label} ${i}`, position: positions?.[i] ?? i }));
  return { category, ids };
}
/** The live services of a category as [id, position] in display order. */
async function order(categoryId: number, db: Kysely<Database> = t.db) {
  return categoryOrder(db, categoryId);
}
async function ids(categoryId: number) {
  return (await order(categoryId)).map((r) => r.id);
}
async function positions(categoryId: number) {
  return (await order(categoryId)).map((r) => r.position);
}
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** Small deterministic PRNG, so a failing random run can be reproduced. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

beforeAll(async () => {
  const user = await make.user("keyuser", { name: "Ordner", email: "ordner@test.example" });
  causer = { id: user.id, name: "Ordner", role: "keyuser" };
  catalogueId = await make.catalogue({ title: "Reihenfolge" });
  otherCatalogueId = await make.catalogue({ title: "Reihenfolge 2" });
});

describe("moveService within a category", () => {
  it("moves a service up", async () => {
    const { category, ids: s } = await categoryWith(catalogueId, "Hoch", 5);
    expect(await moveService(t.db, s[3], category, 1, causer)).toEqual({ categoryId: category, position: 1 });
    expect(await ids(category)).toEqual([s[0], s[3], s[1], s[2], s[4]]);
    expect(await positions(category)).toEqual(range(5));
  });

  it("moves a service down", async () => {
    const { category, ids: s } = await categoryWith(catalogueId, "Runter", 5);
    expect(await moveService(t.db, s[1], category, 3, causer)).toEqual({ categoryId: category, position: 3 });
    expect(await ids(category)).toEqual([s[0], s[2], s[3], s[1], s[4]]);
    expect(await positions(category)).toEqual(range(5));
  });

  it("moves a service to the top (index 0)", async () => {
    const { category, ids: s } = await categoryWith(catalogueId, "Oben", 4);
    await moveService(t.db, s[3], category, 0, causer);
    expect(await ids(category)).toEqual([s[3], s[0], s[1], s[2]]);
    expect(await positions(category)).toEqual(range(4));
  });

  it("an index beyond the end puts it last; a negative one first", async () => {
    const { category, ids: s } = await categoryWith(catalogueId, "Ende", 4);
    expect(await moveService(t.db, s[0], category, 99, causer)).toEqual({ categoryId: category, position: 3 });
    expect(await ids(category)).toEqual([s[1], s[2], s[3], s[0]]);
    expect(await positions(category)).toEqual(range(4));
    expect(await moveService(t.db, s[2], category, -5, causer)).toEqual({ categoryId: category, position: 0 });
    expect(await ids(category)).toEqual([s[2], s[1], s[3], s[0]]);
  });

  it("moving to its own index keeps the order", async () => {
    const { category, ids: s } = await categoryWith(catalogueId, "Gleich", 3);
    await moveService(t.db, s[1], category, 1, causer);
    expect(await ids(category)).toEqual(s);
    expect(await positions(category)).toEqual(range(3));
  });

  it("closes gaps and duplicates in the numbering", async () => {
    const { category, ids: s } = await categoryWith(catalogueId, "Lücken", 4, [0, 5, 5, 20]);
    await moveService(t.db, s[3], category, 0, causer);
    expect(await ids(category)).toEqual([s[3], s[0], s[1], s[2]]);
    expect(await positions(category)).toEqual(range(4));
  });

  it("binned services are left out of the numbering and keep their position", async () => {
    const { category, ids: s } = await categoryWith(catalogueId, "Papierkorb", 3);
    const binned = await make.service(catalogueId, category, { name: "Papierkorb weg", position: 1, deleted_at: "2025-01-01T00:00:00.000Z" });
    await moveService(t.db, s[2], category, 0, causer);
    expect(await ids(category)).toEqual([s[2], s[0], s[1]]);
    expect(await positions(category)).toEqual(range(3));
    const row = await t.db.selectFrom("services").select(["position", "category_id"]).where("id", "=", binned).executeTakeFirstOrThrow();
    expect(row).toEqual({ position: 1, category_id: category });
    expect(await positionInCategory(t.db, s[1])).toEqual({ categoryId: category, index: 2, count: 3 });
  });
});

describe("moveService to another category", () => {
  it("both categories end with contiguous positions", async () => {
    const from = await categoryWith(catalogueId, "Von", 4);
    const to = await categoryWith(catalogueId, "Nach", 3);
    const moved = from.ids[1];
    expect(await moveService(t.db, moved, to.category, 1, causer)).toEqual({ categoryId: to.category, position: 1 });
    expect(await ids(from.category)).toEqual([from.ids[0], from.ids[2], from.ids[3]]);
    expect(await positions(from.category)).toEqual(range(3));
    expect(await ids(to.category)).toEqual([to.ids[0], moved, to.ids[1], to.ids[2]]);
    expect(await positions(to.category)).toEqual(range(4));
    const row = await t.db.selectFrom("services").select(["category_id", "service_catalogue_id", "updated_by"]).where("id", "=", moved).executeTakeFirstOrThrow();
    expect(row).toEqual({ category_id: to.category, service_catalogue_id: catalogueId, updated_by: causer.id });
  });

  it("a category of another catalogue is refused for every role; nothing changes", async () => {
    const from = await categoryWith(catalogueId, "Heim", 2);
    const foreign = await categoryWith(otherCatalogueId, "Fremd", 1);
    const admin: Mover = { ...causer, role: "superadmin" };
    expect(await rejection(moveService(t.db, from.ids[0], foreign.category, 0, admin))).toBeInstanceOf(CrossCatalogueMoveError);
    expect(await ids(from.category)).toEqual(from.ids);
    expect(await ids(foreign.category)).toEqual(foreign.ids);
    expect(await listActivitiesFor(t.db, "service", from.ids[0])).toEqual([]);
  });

  it("into an empty category, with an index beyond the end", async () => {
    const from = await categoryWith(catalogueId, "Voll", 2);
    const empty = await make.category(catalogueId, { name: "Leer" });
    expect(await moveService(t.db, from.ids[0], empty, 7, causer)).toEqual({ categoryId: empty, position: 0 });
    expect(await order(empty)).toEqual([{ id: from.ids[0], position: 0 }]);
    expect(await order(from.category)).toEqual([{ id: from.ids[1], position: 0 }]);
  });

  it("a service without a category can be placed into one", async () => {
    const to = await categoryWith(catalogueId, "Aufnahme", 2);
    const loose = await make.service(catalogueId, null, { name: "Heimatlos", position: 9 });
    await moveService(t.db, loose, to.category, 0, causer);
    expect(await ids(to.category)).toEqual([loose, ...to.ids]);
    expect(await positions(to.category)).toEqual(range(3));
    const row = await t.db.selectFrom("services").select("service_catalogue_id").where("id", "=", loose).executeTakeFirstOrThrow();
    expect(row.service_catalogue_id).toBe(catalogueId);
  });

  it("records the old and the new place", async () => {
    const from = await categoryWith(catalogueId, "Audit von", 3);
    const to = await categoryWith(catalogueId, "Audit nach", 2);
    await moveService(t.db, from.ids[2], to.category, 0, causer);
    const activities = await listActivitiesFor(t.db, "service", from.ids[2]);
    expect(activities).toHaveLength(1);
    expect(activities[0]).toMatchObject({ event: "moved", causer_id: causer.id, causer_name: causer.name });
    expect(JSON.parse(activities[0].old_values ?? "null")).toEqual({ category_id: from.category, position: 2 });
    expect(JSON.parse(activities[0].new_values ?? "null")).toEqual({ category_id: to.category, position: 0 });
  });
});

describe("moveService errors", () => {
  it("an unknown or binned service is NotFoundError; nothing changes", async () => {
    const { category, ids: s } = await categoryWith(catalogueId, "Fehler", 3);
    const binned = await make.service(catalogueId, category, { name: "Fehler weg", position: 3, deleted_at: "2025-01-01T00:00:00.000Z" });
    expect(await rejection(moveService(t.db, 987_654, category, 0, causer))).toBeInstanceOf(NotFoundError);
    expect(await rejection(moveService(t.db, binned, category, 0, causer))).toBeInstanceOf(NotFoundError);
    expect(await ids(category)).toEqual(s);
    expect(await listActivitiesFor(t.db, "service", binned)).toEqual([]);
  });

  it("an unknown category is NotFoundError; the service stays where it was", async () => {
    const { category, ids: s } = await categoryWith(catalogueId, "Fehler Ziel", 2);
    expect(await rejection(moveService(t.db, s[0], 987_654, 0, causer))).toBeInstanceOf(NotFoundError);
    expect(await order(category)).toEqual([
      { id: s[0], position: 0 },
      { id: s[1], position: 1 },
    ]);
    expect(await listActivitiesFor(t.db, "service", s[0])).toEqual([]);
  });
});

describe("moveService by a user with grants", () => {
  async function userWithGrants(categories: number[], services: number[] = []): Promise<Mover> {
    const { id, name } = await make.user("user", { name: "Nutzerin" });
    for (const categoryId of categories) await make.grant(id, { categoryId });
    for (const serviceId of services) await make.grant(id, { serviceId });
    return { id, name, role: "user" };
  }

  it("moves between two granted categories", async () => {
    const a = await categoryWith(catalogueId, "Erlaubt A", 2);
    const b = await categoryWith(catalogueId, "Erlaubt B", 1);
    const user = await userWithGrants([a.category, b.category]);
    await moveService(t.db, a.ids[0], b.category, 0, user);
    expect(await ids(b.category)).toEqual([a.ids[0], b.ids[0]]);
  });

  it("a target category the user was not granted is ForbiddenError, even for a granted service; nothing changes", async () => {
    const granted = await categoryWith(catalogueId, "Gewährt", 2);
    const other = await categoryWith(catalogueId, "Nicht gewährt", 1);
    const byCategory = await userWithGrants([granted.category]);
    const byService = await userWithGrants([], [granted.ids[1]]);
    expect(await rejection(moveService(t.db, granted.ids[0], other.category, 0, byCategory))).toBeInstanceOf(ForbiddenError);
    expect(await rejection(moveService(t.db, granted.ids[1], other.category, 0, byService))).toBeInstanceOf(ForbiddenError);
    expect(await ids(granted.category)).toEqual(granted.ids);
    expect(await ids(other.category)).toEqual(other.ids);
  });

  it("a service the user may not edit cannot be moved into a granted category", async () => {
    const source = await categoryWith(catalogueId, "Fremdquelle", 1);
    const target = await categoryWith(catalogueId, "Eigenes Ziel", 1);
    const user = await userWithGrants([target.category]);
    expect(await rejection(moveService(t.db, source.ids[0], target.category, 0, user))).toBeInstanceOf(ForbiddenError);
    expect(await ids(source.category)).toEqual(source.ids);
  });
});

describe("concurrent moves", () => {
  const MOVES = 20;

  async function twoCategories(label: string) {
    const a = await categoryWith(catalogueId, `${label} A`, 6);
    const b = await categoryWith(catalogueId, `${label} B`, 5);
    // A binned service in each, to make sure it stays out of the numbering under load too.
    await make.service(catalogueId, a.category, { name: `${label} A weg`, position: 2, deleted_at: "2025-01-01T00:00:00.000Z" });
    await make.service(catalogueId, b.category, { name: `${label} B weg`, position: 0, deleted_at: "2025-01-01T00:00:00.000Z" });
    return { a, b, all: [...a.ids, ...b.ids] };
  }

  /** 20 random moves at once, spread over the given handles. */
  async function storm(handles: Kysely<Database>[], categories: number[], services: number[], seed: number) {
    const random = prng(seed);
    const moves = Array.from({ length: MOVES }, (_, i) => ({
      db: handles[i % handles.length],
      service: services[Math.floor(random() * services.length)],
      category: categories[Math.floor(random() * categories.length)],
      index: Math.floor(random() * (services.length + 2)),
    }));
    return Promise.allSettled(moves.map((m) => moveService(m.db, m.service, m.category, m.index, causer)));
  }

  async function expectConsistent(categories: number[], services: number[]) {
    const seen: number[] = [];
    for (const category of categories) {
      const rows = await order(category);
      expect(
        rows.map((r) => r.position),
        `positions of category ${category}`,
      ).toEqual(range(rows.length));
      seen.push(...rows.map((r) => r.id));
    }
    // No service lost or duplicated: the two categories together hold exactly the services we started with.
    expect([...seen].sort((x, y) => x - y)).toEqual([...services].sort((x, y) => x - y));
  }

  function expectAllFulfilled(results: PromiseSettledResult<unknown>[]) {
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === "rejected").map((r) => String(r.reason));
    expect(failures).toEqual([]);
  }

  it("through one handle (SQLite) or the pool (Postgres): positions stay 0..n-1, no service lost", { timeout: 60_000 }, async () => {
    for (const seed of [1, 2, 3]) {
      const { a, b, all } = await twoCategories(`Sturm ${seed}`);
      const results = await storm([t.db], [a.category, b.category], all, seed);
      expectAllFulfilled(results);
      await expectConsistent([a.category, b.category], all);
    }
  });

  it("through two handles on the same database: positions stay 0..n-1, no service lost", { timeout: 60_000 }, async () => {
    const second = createDb(t.url);
    try {
      for (const seed of [11, 12, 13]) {
        const { a, b, all } = await twoCategories(`Zwei ${seed}`);
        const results = await storm([t.db, second], [a.category, b.category], all, seed);
        expectAllFulfilled(results);
        await expectConsistent([a.category, b.category], all);
      }
    } finally {
      await second.destroy();
    }
  });

  it("many moves of the same service at once leave both categories contiguous", { timeout: 60_000 }, async () => {
    const { a, b, all } = await twoCategories("Derselbe");
    const handles = isPostgresDb(t.db) ? [t.db] : [t.db, createDb(t.url)];
    try {
      const target = a.ids[0];
      const results = await Promise.allSettled(
        Array.from({ length: MOVES }, (_, i) => moveService(handles[i % handles.length], target, i % 2 ? a.category : b.category, i % 4, causer)),
      );
      expectAllFulfilled(results);
      await expectConsistent([a.category, b.category], all);
    } finally {
      for (const h of handles.slice(1)) await h.destroy();
    }
  });

  // Two users move the same service at the same moment (Postgres, READ COMMITTED): the second
  // move must see where the first one put the service, not where it was before it waited.
  it.runIf(dialectOf(process.env.DATABASE_URL) === "postgres")(
    "a move that waited for another move of the same service works on the service's new place",
    { timeout: 60_000 },
    async () => {
      const a = await categoryWith(catalogueId, "Warten A", 4);
      const b = await categoryWith(catalogueId, "Warten B", 4);
      const s = a.ids[1];
      const blocker = createDb(t.url);
      const waiting = async (n: number) => {
        for (let i = 0; i < 500; i++) {
          const row = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db);
          if (row.rows[0].n >= n) return;
          await new Promise((r) => setTimeout(r, 10));
        }
        throw new Error(`never saw ${n} waiting transactions`);
      };
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const pending: Promise<unknown>[] = [];
      try {
        // Someone else holds both categories (as a third move would).
        const held = blocker.transaction().execute(async (trx) => {
          await sql`select id from service_categories where id in (${a.category}, ${b.category}) order by id for update`.execute(trx);
          locked();
          await gate;
        });
        pending.push(held);
        await isLocked;
        const first = moveService(t.db, s, b.category, 0, causer); // A → B
        pending.push(first);
        await waiting(1);
        const second = moveService(t.db, s, a.category, 2, causer); // then back B → A
        pending.push(second);
        await waiting(2);
        release();
        await held;
        const [r1, r2] = await Promise.all([first, second]);
        expect(r1).toEqual({ categoryId: b.category, position: 0 });
        expect(r2).toEqual({ categoryId: a.category, position: 2 });
        // The last move wins: the service is in A at index 2, and both categories are numbered 0..n-1.
        const row = await t.db.selectFrom("services").select("category_id").where("id", "=", s).executeTakeFirstOrThrow();
        expect.soft(row.category_id, "category of the moved service").toBe(a.category);
        expect.soft(await ids(a.category), "order of A").toEqual([a.ids[0], a.ids[2], s, a.ids[3]]);
        expect.soft(await positions(a.category), "positions of A").toEqual(range(4));
        expect.soft(await ids(b.category), "order of B").toEqual(b.ids);
        expect.soft(await positions(b.category), "positions of B").toEqual(range(4));
      } finally {
        release();
        await Promise.allSettled(pending);
        await blocker.destroy();
      }
    },
  );
});
