import type { TFunction } from "i18next";
import { catalogueTitle } from "~/modules/catalogue/catalogue-title";
import { hiddenForCategories } from "~/modules/masks/mask-rules.server";
import { NOTHING_HIDDEN, type MaskHidden } from "~/modules/masks/masks-schema";
import type { Executor } from "~/server/audit.server";
import { csvLines, type CsvCell, type CsvDelimiter } from "~/server/csv.server";
import { htmlToMarkup } from "~/lib/light-markup";
import { CSV_COLUMNS, LIST_SEPARATOR, exportColumns, parseTranslationColumn, type TranslationColumn } from "./csv-columns";
import { csvLanguages, snapshotChunk, structureNames, type ServiceSnapshot, type StructureNames } from "./csv-data.server";
import { ID_CHUNK } from "./tools-selection.server";

/**
 * The services CSV (issue 20 §4): one row per service with what a round trip needs (id, version,
 * the main fields, category and the related records by name) and, for orientation, the
 * catalogue, category and area names. Written in chunks of ID_CHUNK services straight into the
 * response (a 10k catalogue streams in well under a second: docs/benchmarks.md). What an
 * attribute mask hides for a service stays empty, as on its page; the import leaves such a field
 * alone.
 */

/** `richTextAsHtml`: the short description as HTML (the optional column set) instead of plain text. */
export interface CsvExportOptions {
  delimiter: CsvDelimiter;
  t: TFunction;
  richTextAsHtml?: boolean;
}

const names = (list: { name: string }[]) => list.map((r) => r.name).join(LIST_SEPARATOR);

/** A translation's cell: plain text (light markup) or HTML like the original's column; empty where the field is hidden or the catalogue lacks the language. */
function translationCell(s: ServiceSnapshot, header: TranslationColumn, hidden: MaskHidden): CsvCell {
  const { column, language } = parseTranslationColumn(header)!;
  const field = column === "name" ? "name" : "short_description";
  if (field === "short_description" && hidden.fields.includes("short_description")) return "";
  const value = s.translations[`${field}@${language}`] ?? "";
  return column === "short_description" ? htmlToMarkup(value) : value;
}

export function exportRow(
  s: ServiceSnapshot,
  structure: StructureNames,
  hidden: MaskHidden,
  t: TFunction,
  columns: readonly ((typeof CSV_COLUMNS)[number] | TranslationColumn)[] = exportColumns(false),
): CsvCell[] {
  const category = s.category_id === null ? undefined : structure.categories.get(s.category_id);
  const catalogue = s.catalogue_id === null ? undefined : structure.catalogues.get(s.catalogue_id);
  const cells: Record<(typeof CSV_COLUMNS)[number], CsvCell> = {
    id: s.id,
    version: s.updated_at,
    name: s.name,
    status: s.status,
    statuspercent: s.statuspercent,
    servicetype: s.servicetype,
    catalogue_id: s.catalogue_id,
    catalogue: catalogue ? catalogueTitle(t, catalogue) : "",
    category_id: s.category_id,
    category: category?.name ?? "",
    area: category?.areaId != null ? (structure.areas.get(category.areaId) ?? "") : "",
    art_nr: hidden.fields.includes("art_nr") ? "" : s.art_nr,
    short_description: hidden.fields.includes("short_description") ? "" : htmlToMarkup(s.short_description),
    short_description_html: hidden.fields.includes("short_description") ? "" : s.short_description,
    owners: names(s.owners),
    providers: names(s.providers),
    service_levels: names(s.kpis),
    tags: hidden.sections.includes("tags") ? "" : names(s.tags),
  };
  return columns.map((column) => (column in cells ? cells[column as (typeof CSV_COLUMNS)[number]] : translationCell(s, column as TranslationColumn, hidden)));
}

/** The rows of these services, chunk by chunk: the header comes with the first. */
export async function* csvChunks(db: Executor, ids: number[], opts: CsvExportOptions): AsyncGenerator<string> {
  const structure = await structureNames(db);
  const header = exportColumns(opts.richTextAsHtml ?? false, await csvLanguages(db, ids));
  if (!ids.length) {
    yield csvLines(header, [], opts.delimiter, true);
    return;
  }
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    // SQLite answers synchronously: without a turn of the event loop between chunks nothing would
    // reach the socket before the last one (the download would not stream).
    await new Promise((resolve) => setImmediate(resolve));
    const services = await snapshotChunk(db, ids.slice(i, i + ID_CHUNK));
    const masks = await hiddenForCategories(db, services.flatMap((s) => (s.category_id === null ? [] : [s.category_id])));
    const rows = services.map((s) => exportRow(s, structure, (s.category_id !== null && masks.get(s.category_id)) || NOTHING_HIDDEN, opts.t, header));
    yield csvLines(header, rows, opts.delimiter, i === 0);
  }
}

const BOM = "\uFEFF";

/** The whole file as a byte stream: the BOM, then each chunk as soon as it is read. */
export function csvExportStream(db: Executor, ids: number[], opts: CsvExportOptions): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const chunks = csvChunks(db, ids, opts);
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(BOM));
        return;
      }
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
