import type { z } from "zod";
import type { Executor } from "~/server/audit.server";
import { DeploymentTimeRowSchema, KeyFiguresSchema, PriorityRowSchema, SolutionTimeRowSchema } from "./frame-schema";
import type { FrameView, SectionItem, SectionType, SectionView } from "./frame-types";

/** JSON text from the database, read leniently: anything malformed reads as the fallback. */
export function parseJson<T>(raw: string | null | undefined, schema: z.ZodType<T>, fallback: T): T {
  if (!raw) return fallback;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

const strings = (raw: string | null | undefined): string[] => {
  try {
    const value: unknown = JSON.parse(raw ?? "[]");
    return Array.isArray(value) ? value.map((v) => String(v ?? "")) : [];
  } catch {
    return [];
  }
};

const grid = (raw: string | null | undefined): string[][] => {
  try {
    const value: unknown = JSON.parse(raw ?? "[]");
    return Array.isArray(value) ? value.map((row) => (Array.isArray(row) ? row.map((v) => String(v ?? "")) : [])) : [];
  } catch {
    return [];
  }
};

/**
 * The sections of a catalogue with their paragraphs, tables (with rows) and matrices, each kind
 * in one query whatever the number of sections; items ordered by their shared global position.
 */
export async function readSections(db: Executor, catalogueId: number): Promise<SectionView[]> {
  const sections = await db.selectFrom("sections").selectAll().where("service_catalogue_id", "=", catalogueId).orderBy("position").orderBy("id").execute();
  if (sections.length === 0) return [];
  const ids = sections.map((s) => s.id);
  const [paragraphs, tables, matrices] = await Promise.all([
    db.selectFrom("paragraphs").selectAll().where("section_id", "in", ids).execute(),
    db.selectFrom("section_tables").selectAll().where("section_id", "in", ids).execute(),
    db.selectFrom("matrix_tables").selectAll().where("section_id", "in", ids).execute(),
  ]);
  const rows = tables.length
    ? await db
        .selectFrom("table_rows")
        .selectAll()
        .where(
          "table_id",
          "in",
          tables.map((t) => t.id),
        )
        .orderBy("position")
        .orderBy("id")
        .execute()
    : [];
  const items = new Map<number, SectionItem[]>(ids.map((id) => [id, []]));
  for (const p of paragraphs) items.get(p.section_id)!.push({ kind: "paragraph", id: p.id, title: p.title, content: p.content, global_position: p.global_position });
  for (const t of tables)
    items.get(t.section_id)!.push({
      kind: "table",
      id: t.id,
      title: t.title,
      headers: strings(t.headers),
      rows: rows.filter((r) => r.table_id === t.id).map((r) => ({ id: r.id, values: strings(r.row_values) })),
      global_position: t.global_position,
    });
  for (const m of matrices)
    items.get(m.section_id)!.push({
      kind: "matrix",
      id: m.id,
      title: m.title,
      row_headers: strings(m.row_headers),
      column_headers: strings(m.column_headers),
      matrix_data: grid(m.matrix_data),
      global_position: m.global_position,
    });
  const order = { paragraph: 0, table: 1, matrix: 2 } as const;
  return sections.map((s) => ({
    id: s.id,
    name: s.name,
    description: s.description,
    type: s.type as SectionType,
    position: s.position,
    created_at: s.created_at,
    updated_at: s.updated_at,
    items: items.get(s.id)!.sort((a, b) => a.global_position - b.global_position || order[a.kind] - order[b.kind] || a.id - b.id),
  }));
}

/** The frame of a catalogue without its sections (the catalogue map's header); empty when none was written yet. */
export async function readFrameCore(db: Executor, catalogueId: number): Promise<Omit<FrameView, "sections">> {
  const frame = await db
    .selectFrom("catalog_frames")
    .select(["title", "introduction", "picture_mime", "priorities", "solution_times", "deployment_times", "key_figures", "updated_at"])
    .select((eb) => eb.fn<number>("length", ["picture"]).as("picture_length"))
    .where("service_catalogue_id", "=", catalogueId)
    .executeTakeFirst();
  return {
    catalogueId,
    title: frame?.title ?? null,
    introduction: frame?.introduction ?? null,
    picture: frame?.picture_mime && frame.picture_length ? { mime: frame.picture_mime, version: `${frame.updated_at}` } : null,
    priorities: parseJson(frame?.priorities, PriorityRowSchema.array(), []),
    solutionTimes: parseJson(frame?.solution_times, SolutionTimeRowSchema.array(), []),
    deploymentTimes: parseJson(frame?.deployment_times, DeploymentTimeRowSchema.array(), []),
    keyFigures: parseJson(frame?.key_figures, KeyFiguresSchema, {}),
    updatedAt: frame?.updated_at ?? null,
  };
}

/** The frame of a catalogue (an empty one when none was written yet), with its sections. */
export async function readFrame(db: Executor, catalogueId: number): Promise<FrameView> {
  const [core, sections] = await Promise.all([readFrameCore(db, catalogueId), readSections(db, catalogueId)]);
  return { ...core, sections };
}

/** The frame picture as bytes (the image route); undefined without one. */
export async function readFramePicture(db: Executor, catalogueId: number): Promise<{ data: Buffer; mime: string; updated_at: string } | undefined> {
  const row = await db.selectFrom("catalog_frames").select(["picture", "picture_mime", "updated_at"]).where("service_catalogue_id", "=", catalogueId).executeTakeFirst();
  if (!row?.picture) return undefined;
  return { data: Buffer.from(row.picture, "base64"), mime: row.picture_mime ?? "image/png", updated_at: row.updated_at };
}

/** The frame with its translations (fields as the translations page names them) in place of the originals. */
export function translatedFrame(frame: FrameView, texts: Record<string, string>): FrameView {
  return {
    ...frame,
    title: texts.title ?? frame.title,
    introduction: texts.introduction ?? frame.introduction,
    sections: frame.sections.map((s) => ({
      ...s,
      name: texts[`section.${s.id}.name`] ?? s.name,
      description: texts[`section.${s.id}.description`] ?? s.description,
      items: s.items.map((i) => (i.kind === "paragraph" ? { ...i, title: texts[`paragraph.${i.id}.title`] ?? i.title, content: texts[`paragraph.${i.id}.content`] ?? i.content } : i)),
    })),
  };
}
