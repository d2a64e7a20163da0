import { beforeAll, describe, expect, it } from "vitest";
import { listActivitiesFor } from "~/server/audit.server";
import { NotFoundError, StaleRecordError, ValidationError } from "~/server/errors.server";
import { readFrame, readSections } from "~/modules/catalogframe/frame-read.server";
import {
  addTableRow,
  createMatrix,
  createParagraph,
  createSection,
  createTable,
  deleteItem,
  deleteSection,
  getItem,
  getSection,
  moveItem,
  moveSection,
  moveTableRow,
  removeTableRow,
  updateMatrix,
  updateSection,
  updateTable,
} from "~/modules/catalogframe/sections.server";
import { matrixMatchesHeaders, parseHeaders } from "~/modules/catalogframe/frame-types";
import { factories, type TestUser } from "../../factories";
import { rejection } from "../../support/rejection";
import { useTestDb } from "../../support/test-db";

/** Sections, paragraphs, tables and matrices of a frame (issue 17 §3) on SQLite, or Postgres via DATABASE_URL. */
const t = useTestDb();
const make = factories(() => t.db);
let admin: TestUser;

beforeAll(async () => {
  admin = await make.user("superadmin");
});

const section = (name: string, type: "Paragraph" | "Table" | "Section" = "Section") => ({ name, description: null, type });
const matrix = (title: string, rows: string[], columns: string[], data?: string[][]) => ({
  title,
  row_headers: rows,
  column_headers: columns,
  matrix_data: data ?? rows.map((r) => columns.map((c) => `${r}/${c}`)),
});
/** The section's items as "kind:title@global_position", in the order readers show them. */
async function items(catalogueId: number, sectionId: number) {
  const found = (await readSections(t.db, catalogueId)).find((s) => s.id === sectionId)!;
  return found.items.map((i) => `${i.kind}:${i.title}@${i.global_position}`);
}
const errorsOf = (error: unknown) => (error as ValidationError).errors;

describe("sections", () => {
  it("are ordered per catalogue; the static catalogue's sections are its own", async () => {
    const catalogueId = await make.catalogue();
    const a = await createSection(t.db, catalogueId, section("A"), admin);
    const b = await createSection(t.db, catalogueId, section("B", "Paragraph"), admin);
    const c = await createSection(t.db, catalogueId, section("C", "Table"), admin);
    const staticBefore = (await readSections(t.db, -1)).map((s) => s.id);
    const own = await createSection(t.db, -1, section("Statisch"), admin);
    try {
      expect((await readSections(t.db, catalogueId)).map((s) => [s.name, s.position])).toEqual([["A", 0], ["B", 1], ["C", 2]]);
      expect((await readSections(t.db, -1)).map((s) => s.id)).toEqual([...staticBefore, own]);
      expect((await getSection(t.db, own)).position).toBe(staticBefore.length);

      expect(await moveSection(t.db, c, "up", admin)).toBe(true);
      expect(await moveSection(t.db, a, { to: 5 }, admin)).toBe(true);
      expect(await moveSection(t.db, c, "up", admin)).toBe(false);
      expect((await readSections(t.db, catalogueId)).map((s) => [s.name, s.position])).toEqual([["C", 0], ["B", 1], ["A", 2]]);

      await deleteSection(t.db, b, admin);
      expect((await readSections(t.db, catalogueId)).map((s) => [s.name, s.position])).toEqual([["C", 0], ["A", 1]]);
      expect((await readSections(t.db, -1)).map((s) => s.id)).toEqual([...staticBefore, own]);
      expect((await listActivitiesFor(t.db, "section", b)).map((e) => e.event)).toEqual(["deleted", "created"]);
    } finally {
      await deleteSection(t.db, own, admin);
    }
  });

  it("a stale edit is refused; a type that cannot hold the section's items is refused", async () => {
    const catalogueId = await make.catalogue();
    const id = await createSection(t.db, catalogueId, section("Regeln", "Section"), admin);
    await createTable(t.db, id, { title: "T", headers: ["a"] }, admin);
    const loaded = await getSection(t.db, id);
    expect(await updateSection(t.db, id, { name: "Regeln", description: "neu", type: "Table" }, loaded.updated_at, admin)).toBe(true);
    expect(await rejection(updateSection(t.db, id, { name: "Alt", description: null, type: "Section" }, loaded.updated_at, admin))).toBeInstanceOf(StaleRecordError);
    const now = await getSection(t.db, id);
    expect(errorsOf(await rejection(updateSection(t.db, id, { name: "Regeln", description: "neu", type: "Paragraph" }, now.updated_at, admin)))).toEqual({
      type: "catalogframe.errors.typeHoldsItems",
    });
    expect(await getSection(t.db, id)).toMatchObject({ name: "Regeln", description: "neu", type: "Table" });
  });

  it("a section holds only the kinds of its type", async () => {
    const catalogueId = await make.catalogue();
    const paragraphs = await createSection(t.db, catalogueId, section("Texte", "Paragraph"), admin);
    const tables = await createSection(t.db, catalogueId, section("Tabellen", "Table"), admin);
    expect(errorsOf(await rejection(createTable(t.db, paragraphs, { title: "T", headers: ["a"] }, admin)))).toEqual({ _form: "catalogframe.errors.kindNotHeld" });
    expect(errorsOf(await rejection(createParagraph(t.db, tables, { title: "P", content: null }, admin)))).toEqual({ _form: "catalogframe.errors.kindNotHeld" });
    await createMatrix(t.db, tables, matrix("M", ["r"], ["c"]), admin);
    await createParagraph(t.db, paragraphs, { title: "P", content: null }, admin);
    expect(await rejection(createParagraph(t.db, 987_654, { title: "P", content: null }, admin))).toBeInstanceOf(NotFoundError);
  });
});

describe("items share one order (global_position)", () => {
  it("across paragraphs, tables and matrices: appended, moved, closed up after a delete", async () => {
    const catalogueId = await make.catalogue();
    const id = await createSection(t.db, catalogueId, section("Alles"), admin);
    const p1 = await createParagraph(t.db, id, { title: "P1", content: "<p>Eins<script>x()</script></p>" }, admin);
    const t1 = await createTable(t.db, id, { title: "T1", headers: ["a", "b"] }, admin);
    const m1 = await createMatrix(t.db, id, matrix("M1", ["r1", "r2"], ["c1", "c2", "c3"]), admin);
    const p2 = await createParagraph(t.db, id, { title: "P2", content: null }, admin);
    expect(await items(catalogueId, id)).toEqual(["paragraph:P1@0", "table:T1@1", "matrix:M1@2", "paragraph:P2@3"]);
    expect((await getItem(t.db, "paragraph", p1)).content).toBe("<p>Eins</p>");
    // Each kind's own position follows the shared order.
    expect((await getItem(t.db, "paragraph", p2)).position).toBe(1);

    expect(await moveItem(t.db, "paragraph", p2, "up", admin)).toBe(true);
    expect(await items(catalogueId, id)).toEqual(["paragraph:P1@0", "table:T1@1", "paragraph:P2@2", "matrix:M1@3"]);
    expect(await moveItem(t.db, "matrix", m1, { to: 0 }, admin)).toBe(true);
    expect(await items(catalogueId, id)).toEqual(["matrix:M1@0", "paragraph:P1@1", "table:T1@2", "paragraph:P2@3"]);
    expect(await moveItem(t.db, "matrix", m1, "up", admin)).toBe(false);
    expect(await moveItem(t.db, "paragraph", p2, "down", admin)).toBe(false);

    await deleteItem(t.db, "paragraph", p1, admin);
    expect(await items(catalogueId, id)).toEqual(["matrix:M1@0", "table:T1@1", "paragraph:P2@2"]);
    expect((await getItem(t.db, "paragraph", p2)).position).toBe(0);
    expect((await listActivitiesFor(t.db, "matrix_table", m1)).map((e) => e.event)).toEqual(["moved", "created"]);
    expect(await rejection(moveItem(t.db, "table", 987_654, "up", admin))).toBeInstanceOf(NotFoundError);
    // Items of another section are not in this order.
    const other = await createSection(t.db, catalogueId, section("Andere"), admin);
    await createParagraph(t.db, other, { title: "X", content: null }, admin);
    expect(await items(catalogueId, other)).toEqual(["paragraph:X@0"]);
    expect(await items(catalogueId, id)).toEqual(["matrix:M1@0", "table:T1@1", "paragraph:P2@2"]);
    expect(t1).toBeGreaterThan(0);
  });
});

describe("tables and matrices", () => {
  it("headers are entered comma separated", () => {
    expect(parseHeaders(" Stufe, Reaktion ,, Lösung ")).toEqual(["Stufe", "Reaktion", "Lösung"]);
    expect(parseHeaders(" , ")).toEqual([]);
  });

  it("a row needs one value per header; rows are ordered, moved and removed", async () => {
    const catalogueId = await make.catalogue();
    const id = await createSection(t.db, catalogueId, section("Tabellen", "Table"), admin);
    const table = await createTable(t.db, id, { title: "Zeiten", headers: ["Stufe", "Reaktion"] }, admin);
    const v = async () => (await getItem(t.db, "table", table)).updated_at;
    await addTableRow(t.db, table, ["1", "15 min"], await v(), admin);
    await addTableRow(t.db, table, ["2", "1 h"], await v(), admin);
    const before = await v();
    expect(errorsOf(await rejection(addTableRow(t.db, table, ["3"], before, admin)))).toEqual({ _form: "catalogframe.errors.rowMismatch|count=2" });
    expect(await rejection(addTableRow(t.db, table, ["3", "4 h"], "2020-01-01T00:00:00.000Z", admin))).toBeInstanceOf(StaleRecordError);
    expect(await v()).toBe(before);

    const rows = async () => (await readFrame(t.db, catalogueId)).sections[0].items[0] as { rows: { id: number; values: string[] }[] };
    const [first, second] = (await rows()).rows;
    await moveTableRow(t.db, table, second.id, "up", await v(), admin);
    expect((await rows()).rows.map((r) => r.values)).toEqual([["2", "1 h"], ["1", "15 min"]]);

    // A third column needs every row's values with it.
    expect(errorsOf(await rejection(updateTable(t.db, table, { title: "Zeiten", headers: ["Stufe", "Reaktion", "Lösung"] }, await v(), admin)))).toEqual({
      _form: "catalogframe.errors.rowMismatch|count=3",
    });
    await updateTable(
      t.db,
      table,
      { title: "Zeiten", headers: ["Stufe", "Reaktion", "Lösung"], rows: [{ id: first.id, values: ["1", "15 min", "4 h"] }, { id: second.id, values: ["2", "1 h", "1 d"] }] },
      await v(),
      admin,
    );
    expect((await rows()).rows.map((r) => r.values)).toEqual([["2", "1 h", "1 d"], ["1", "15 min", "4 h"]]);
    await removeTableRow(t.db, table, second.id, await v(), admin);
    expect((await rows()).rows.map((r) => r.values)).toEqual([["1", "15 min", "4 h"]]);
    const position = await t.db.selectFrom("table_rows").select("position").where("id", "=", first.id).executeTakeFirstOrThrow();
    expect(position.position).toBe(0);
    expect(errorsOf(await rejection(createTable(t.db, id, { title: "Leer", headers: [] }, admin)))).toEqual({ headers: "catalogframe.errors.headersRequired" });
  });

  it("a matrix is valid only when its data matches the header counts", async () => {
    expect(matrixMatchesHeaders(["a", "b"], ["x", "y", "z"], [["1", "2", "3"], ["4", "5", "6"]])).toBe(true);
    expect(matrixMatchesHeaders(["a", "b"], ["x", "y", "z"], [["1", "2", "3"]])).toBe(false);
    expect(matrixMatchesHeaders(["a", "b"], ["x", "y", "z"], [["1", "2", "3"], ["4", "5"]])).toBe(false);

    const catalogueId = await make.catalogue();
    const id = await createSection(t.db, catalogueId, section("Matrix", "Table"), admin);
    expect(errorsOf(await rejection(createMatrix(t.db, id, matrix("Falsch", ["a", "b"], ["x", "y", "z"], [["1", "2", "3"]]), admin)))).toEqual({
      _form: "catalogframe.errors.matrixMismatch|rows=2|columns=3",
    });
    expect(await readSections(t.db, catalogueId).then((s) => s[0].items)).toEqual([]);
    const m = await createMatrix(t.db, id, matrix("Rollen", ["a", "b"], ["x", "y", "z"]), admin);
    const loaded = await getItem(t.db, "matrix", m);
    expect(await rejection(updateMatrix(t.db, m, matrix("Rollen", ["a"], ["x"], [["1", "2"]]), loaded.updated_at, admin))).toBeInstanceOf(ValidationError);
    expect(await updateMatrix(t.db, m, matrix("Rollen", ["a"], ["x"], [["1"]]), loaded.updated_at, admin)).toBe(true);
    const [item] = (await readSections(t.db, catalogueId))[0].items;
    expect(item).toMatchObject({ kind: "matrix", title: "Rollen", row_headers: ["a"], column_headers: ["x"], matrix_data: [["1"]] });
  });
});
