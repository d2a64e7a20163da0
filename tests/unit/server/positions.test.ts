import { beforeAll, describe, expect, it } from "vitest";
import { appendPosition, closeGap, moveStep, moveTo, orderedRows, positionAfterLast, renumber, type OrderedList } from "~/server/positions.server";
import { factories } from "../../factories";
import { useTestDb } from "../../support/test-db";

// Runs on SQLite by default and on Postgres with DATABASE_URL=postgres://…

const t = useTestDb();
const make = factories(() => t.db);
let catalogueId: number;

beforeAll(async () => {
  catalogueId = await make.catalogue({ title: "Reihenfolge" });
});

async function category(name: string, services: { name: string; position: number; binned?: boolean }[]) {
  const id = await make.category(catalogueId, { name });
  const ids: number[] = [];
  for (const s of services) ids.push(await make.service(catalogueId, id, { name: s.name, position: s.position, deleted_at: s.binned ? "2025-01-01T00:00:00.000Z" : null }));
  const list: OrderedList = { table: "services", parent: { column: "category_id", value: id }, excludeWhereSet: "deleted_at" };
  return { id, ids, list };
}

const order = async (list: OrderedList) => (await orderedRows(t.db, list)).map((r) => [r.id, r.position]);

describe("ordered lists", () => {
  it("read in position order, ties by id, without excluded rows", async () => {
    const { ids, list } = await category("Lesen", [
      { name: "b", position: 1 },
      { name: "a", position: 1 },
      { name: "weg", position: 0, binned: true },
      { name: "c", position: 0 },
    ]);
    expect(await order(list)).toEqual([
      [ids[3], 0],
      [ids[0], 1],
      [ids[1], 1],
    ]);
    expect(await appendPosition(t.db, list)).toBe(3);
  });

  it("closeGap renumbers 0..n-1 and leaves excluded rows where they were", async () => {
    const { ids, list } = await category("Lücke", [
      { name: "a", position: 0 },
      { name: "weg", position: 1, binned: true },
      { name: "b", position: 5 },
      { name: "c", position: 9 },
    ]);
    await closeGap(t.db, list);
    expect(await order(list)).toEqual([
      [ids[0], 0],
      [ids[2], 1],
      [ids[3], 2],
    ]);
    const binned = await t.db.selectFrom("services").select("position").where("id", "=", ids[1]).executeTakeFirstOrThrow();
    expect(binned.position).toBe(1);
  });

  it("moveTo puts a row at an index, clamped at both ends", async () => {
    const { ids, list } = await category("Ziel", [
      { name: "a", position: 0 },
      { name: "b", position: 1 },
      { name: "c", position: 2 },
    ]);
    expect(await moveTo(t.db, list, ids[2], 0)).toEqual({ from: 2, to: 0 });
    expect((await order(list)).map(([id]) => id)).toEqual([ids[2], ids[0], ids[1]]);
    expect(await moveTo(t.db, list, ids[2], 99)).toEqual({ from: 0, to: 2 });
    expect(await moveTo(t.db, list, ids[1], -3)).toEqual({ from: 1, to: 0 });
    expect(await order(list)).toEqual([
      [ids[1], 0],
      [ids[0], 1],
      [ids[2], 2],
    ]);
  });

  it("moveStep swaps with the neighbour; at an end it stays; an unknown row is null", async () => {
    const { ids, list } = await category("Schritt", [
      { name: "a", position: 0 },
      { name: "b", position: 1 },
    ]);
    expect(await moveStep(t.db, list, ids[1], "up")).toEqual({ from: 1, to: 0 });
    expect((await order(list)).map(([id]) => id)).toEqual([ids[1], ids[0]]);
    expect(await moveStep(t.db, list, ids[1], "up")).toEqual({ from: 0, to: 0 });
    expect(await moveStep(t.db, list, 999_999, "down")).toBeNull();
  });

  it("renumber writes only the rows whose position changes, and works for a table with another position column", async () => {
    const service = await make.service(catalogueId, null, {
      name: "Mit Zuständigkeiten",
      responsibilities: [
        { pos: 4, description: "a" },
        { pos: 7, description: "b" },
      ],
    });
    const list: OrderedList = { table: "responsibilities", parent: { column: "service_id", value: service }, position: "pos" };
    const [a, b] = (await t.db.selectFrom("responsibilities").select("id").where("service_id", "=", service).orderBy("pos").execute()).map((r) => r.id);
    await renumber(t.db, list, [b, a]);
    expect(await order(list)).toEqual([
      [b, 0],
      [a, 1],
    ]);
  });

  it("positionAfterLast is max + 1 over a list with gaps, 0 for an empty one; null and several conditions select the list", async () => {
    const other = await make.catalogue({ title: "Ohne Bereich" });
    const area = await make.area(other);
    await make.category(other, { name: "x", position: 4 });
    await make.category(other, { name: "y", position: 1 });
    await make.category(other, { name: "im Bereich", service_area_id: area, position: 9 });
    const withoutArea: OrderedList = {
      table: "service_categories",
      parent: [
        { column: "service_area_id", value: null },
        { column: "service_catalogue_id", value: other },
      ],
    };
    expect(await positionAfterLast(t.db, withoutArea)).toBe(5);
    expect(await appendPosition(t.db, withoutArea)).toBe(2);
    expect(await positionAfterLast(t.db, { table: "service_categories", parent: { column: "service_area_id", value: area } })).toBe(10);
    expect(await positionAfterLast(t.db, { table: "service_categories", parent: { column: "service_catalogue_id", value: 999_999 } })).toBe(0);
  });
});
