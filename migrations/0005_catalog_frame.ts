/**
 * Catalogue frame ("Katalograhmen"): one frame per catalogue (the static catalogue -1 gets its row
 * here) with priorities, solution times, deployment times and key figures as JSON text, and
 * sections holding paragraphs, tables (with rows) and matrix tables.
 * Portable column conventions: see ./lib/columns.ts.
 */
import { sql, type Kysely } from "kysely";
import { id, index, picture, position, requiredRef, texts, timestamps } from "./lib/columns";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  let frames = id(db, db.schema.createTable("catalog_frames")).addColumn("service_catalogue_id", "integer", (c) =>
    c.notNull().unique().references("service_catalogues.id").onDelete("cascade"),
  );
  frames = picture(texts(frames, "title", "introduction"));
  frames = texts(frames, "priorities", "solution_times", "deployment_times", "key_figures");
  await timestamps(db, frames).execute();
  await db.insertInto("catalog_frames").values({ service_catalogue_id: -1 }).execute();

  let sections = requiredRef(id(db, db.schema.createTable("sections")), "service_catalogue_id", "service_catalogues.id")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("type", "text", (c) => c.notNull().defaultTo("Paragraph").check(sql`type in ('Paragraph', 'Table', 'Section')`));
  sections = position(sections);
  await timestamps(db, sections).execute();
  await index(db, "sections", ["service_catalogue_id", "position"]);

  // global_position orders paragraphs, tables and matrix tables together within a section.
  const paragraphs = requiredRef(id(db, db.schema.createTable("paragraphs")), "section_id", "sections.id")
    .addColumn("title", "text")
    .addColumn("content", "text");
  await timestamps(db, position(position(paragraphs), "global_position")).execute();
  await index(db, "paragraphs", ["section_id", "position"]);

  // headers: JSON array of strings.
  const tables = requiredRef(id(db, db.schema.createTable("section_tables")), "section_id", "sections.id")
    .addColumn("title", "text")
    .addColumn("headers", "text", (c) => c.notNull().defaultTo("[]"));
  await timestamps(db, position(position(tables), "global_position")).execute();
  await index(db, "section_tables", ["section_id", "position"]);

  // row_values: JSON array of cell strings (one per header).
  const rows = requiredRef(id(db, db.schema.createTable("table_rows")), "table_id", "section_tables.id").addColumn(
    "row_values",
    "text",
    (c) => c.notNull().defaultTo("[]"),
  );
  await position(rows).execute();
  await index(db, "table_rows", ["table_id", "position"]);

  // row_headers, column_headers: JSON arrays; matrix_data: JSON array of rows (arrays of cells).
  const matrices = requiredRef(id(db, db.schema.createTable("matrix_tables")), "section_id", "sections.id")
    .addColumn("title", "text")
    .addColumn("row_headers", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("column_headers", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("matrix_data", "text", (c) => c.notNull().defaultTo("[]"));
  await timestamps(db, position(position(matrices), "global_position")).execute();
  await index(db, "matrix_tables", ["section_id", "position"]);
}

export async function down(db: Db): Promise<void> {
  for (const table of ["matrix_tables", "table_rows", "section_tables", "paragraphs", "sections", "catalog_frames"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
