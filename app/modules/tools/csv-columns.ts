/**
 * The services CSV (client-safe): its columns, which of them an import reads, and the shapes of an
 * import's preview. Column names are the same in every language, so a file exported in German
 * imports under English too; values are the stored codes (status `open`, type `it`), and the
 * import also takes the German and English labels.
 */

export const CSV_COLUMNS = [
  "id",
  "version",
  "name",
  "status",
  "statuspercent",
  "servicetype",
  "catalogue_id",
  "catalogue",
  "category_id",
  "category",
  "area",
  "art_nr",
  "short_description",
  "short_description_html",
  "owners",
  "providers",
  "service_levels",
  "tags",
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/**
 * Rich text comes as plain text (light markup: blank line = paragraph, "- " = list item, see
 * app/lib/light-markup.ts), so spreadsheet users do not edit markup; as HTML only when the export
 * is asked for it, in its own column in place of the plain one (issue 32 §12). The import reads either.
 */
export const HTML_COLUMNS = { short_description: "short_description_html" } as const;

/**
 * A translated column (issue 37 §4): the name or short description in one further content
 * language, named `<column>@<language>` (`name@en`, `short_description@en`, with HTML on request
 * `short_description_html@en`), placed after the original's columns.
 */
export const TRANSLATABLE_COLUMNS = ["name", "short_description", "short_description_html"] as const;
export type TranslatableColumn = (typeof TRANSLATABLE_COLUMNS)[number];
export type TranslationColumn = `${TranslatableColumn}@${string}`;

export function parseTranslationColumn(header: string): { column: TranslatableColumn; language: string } | null {
  const match = /^([a-z_]+)@([a-z]{2,3})$/.exec(header);
  if (!match || !(TRANSLATABLE_COLUMNS as readonly string[]).includes(match[1])) return null;
  return { column: match[1] as TranslatableColumn, language: match[2] };
}

/** The columns of an export, with rich text as plain text or, on request, as HTML; then each further language's. */
export function exportColumns(richTextAsHtml: boolean, languages: readonly string[] = []): (CsvColumn | TranslationColumn)[] {
  const html: readonly CsvColumn[] = Object.values(HTML_COLUMNS);
  const plainText: readonly CsvColumn[] = Object.keys(HTML_COLUMNS) as CsvColumn[];
  const translated = languages.flatMap((language) => ["name", richTextAsHtml ? "short_description_html" : "short_description"].map((column) => `${column}@${language}` as TranslationColumn));
  return [...CSV_COLUMNS.filter((column) => !(richTextAsHtml ? plainText : html).includes(column)), ...translated];
}

/** Shown for orientation; an import ignores them (a move between catalogues is a bulk change). */
export const READ_ONLY_COLUMNS = ["catalogue_id", "catalogue", "category", "area"] as const satisfies readonly CsvColumn[];

/** What an import compares and writes, when the file has the column. */
export const EDITABLE_COLUMNS = [
  "name",
  "status",
  "statuspercent",
  "servicetype",
  "category_id",
  "art_nr",
  "short_description",
  "short_description_html",
  "owners",
  "providers",
  "service_levels",
  "tags",
] as const satisfies readonly CsvColumn[];
export type EditableColumn = (typeof EDITABLE_COLUMNS)[number];

/** A cell listing several records holds one name per line (and the import also splits at ";"). */
export const LIST_SEPARATOR = "\n";

/**
 * Largest file an import reads, most rows, most cells in a line (the export has 17 columns; the
 * rest leaves room for columns a spreadsheet adds, which are ignored) and longest cell. Checked while reading:
 * nothing past a limit is parsed (issue 31 §2, docs/decisions/0048-csv-import-limits.md).
 */
export const MAX_IMPORT_BYTES = 16 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 20_000;
export const MAX_IMPORT_COLUMNS = 100;
/** Longest cell, in characters of the file: twice the longest text a cell holds (a short description of 200,000), for doubled quotes. */
export const MAX_IMPORT_CELL_CHARS = 400_000;
/** Errors a preview lists (the rest are counted): a page with 20,000 error rows took seconds to render. */
export const MAX_SHOWN_ERRORS = 200;

export interface FieldChange {
  column: EditableColumn | TranslationColumn;
  from: string;
  to: string;
}

export interface RowChange {
  line: number;
  id: number;
  name: string;
  fields: FieldChange[];
  /** Content of an approved service changes and its status is not set: the workflow returns it to "open". */
  reopens: boolean;
}

export interface RowError {
  line: number;
  column: string | null;
  /** An i18n key, optionally with values (`key|name=…`). */
  message: string;
}

/** An import's preview: what would change, what is wrong, and the rows the apply form carries back. */
export interface ImportPreview {
  rows: number;
  unchanged: number;
  changes: RowChange[];
  /** The first MAX_SHOWN_ERRORS errors by line. */
  errors: RowError[];
  /** Errors beyond those listed. */
  hiddenErrors: number;
  /** Lines with at least one error. */
  invalidLines: number[];
  ignoredColumns: string[];
  /** The changed and the invalid rows as JSON ({ line, cells }): the apply form sends them back to be checked again. */
  carry: string[];
}
