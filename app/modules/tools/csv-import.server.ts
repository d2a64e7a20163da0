/**
 * The services CSV import (issue 20 §4): a file (usually an edited export) is read, every row is
 * compared with the database, and only what differs is written — through the service page's own
 * writes (`updateServiceRichText`, `updateServiceFields`, `setServiceRelations`,
 * `updateServiceBasics`), so grants, the review workflow, attribute masks, the version check and
 * the audit apply per service exactly as on the service page. A row whose `version` is not the
 * service's current one is refused like a stale form. Errors name the file's line. Unless the
 * user chooses "apply valid rows", nothing is written while any row is invalid, and all rows are
 * written in one transaction.
 */
import de from "~/i18n/locales/de";
import en from "~/i18n/locales/en";
import { canEditService, editScope } from "~/modules/access/permissions.server";
import type { SessionUser } from "~/modules/access/user.server";
import { mayEdit } from "~/modules/catalogue/browser-types";
import { hiddenForCategories } from "~/modules/masks/mask-rules.server";
import { NOTHING_HIDDEN, type MaskHidden } from "~/modules/masks/masks-schema";
import { ForbiddenTransitionError, setServiceRelations, updateServiceBasics, updateServiceFields, updateServiceRichText } from "~/modules/service/service.server";
import { STATUSES, canTransition, type Status } from "~/modules/service/service-status";
import type { Executor } from "~/server/audit.server";
import { inTransaction } from "~/server/db-helpers.server";
import { CrossCatalogueMoveError, ForbiddenError, NotFoundError, StaleRecordError, ValidationError } from "~/server/errors.server";
import { errorKey } from "~/ui/forms";
import { optionalText, requiredText, tooLong } from "~/ui/form/fields";
import { htmlToMarkup, markupOrHtml } from "~/lib/light-markup";
import { saveTranslation } from "~/modules/translations/translations.server";
import { htmlToPlainText, sanitizeRichText } from "~/server/sanitize.server";
import {
  CSV_COLUMNS,
  EDITABLE_COLUMNS,
  HTML_COLUMNS,
  LIST_SEPARATOR,
  MAX_SHOWN_ERRORS,
  parseTranslationColumn,
  type EditableColumn,
  type FieldChange,
  type ImportPreview,
  type RowError,
  type TranslationColumn,
} from "./csv-columns";
import { RICH_MAX, type CarriedRow } from "./csv-read.server";
import { RELATION_SOURCES, snapshotChunk, structureNames, type Named, type ServiceSnapshot, type SnapshotRelation, type StructureNames } from "./csv-data.server";
import { ID_CHUNK } from "./tools-selection.server";

// ------------------------------------------------------------------------------ planning

/** A row with its line; `unreadable` marks a row the reader could not make sense of (it is never applied). */

/** The new values of a row, as the writes take them. */
interface RowValues {
  name?: string;
  status?: Status;
  statuspercent?: number;
  servicetype?: "customer" | "it";
  category_id?: number;
  art_nr?: string | null;
  short_description?: string;
  owners?: number[];
  providers?: number[];
  kpis?: number[];
  tags?: number[];
  /** Translations to save (an empty value removes one), after the service's own writes. */
  translations?: { field: "name" | "short_description"; language: string; value: string }[];
}

export interface PlannedRow {
  line: number;
  id: number;
  version: string;
  values: RowValues;
}

export interface ImportPlan {
  preview: ImportPreview;
  planned: PlannedRow[];
}

/** Rows compared between two turns of the event loop. */
const PLAN_SLICE = 500;

const RELATION_OF: Partial<Record<EditableColumn, SnapshotRelation>> = { owners: "owners", providers: "providers", service_levels: "kpis", tags: "tags" };

/** Codes and the German and English labels (lower case) of statuses and service types. */
function labelMap<T extends string>(codes: readonly T[], labels: Record<string, string>[]): Map<string, T> {
  const map = new Map<string, T>();
  for (const code of codes) {
    map.set(code, code);
    for (const l of labels) if (l[code]) map.set(l[code].toLowerCase(), code);
  }
  return map;
}
const STATUS_VALUES = labelMap(STATUSES, [de.catalogue.status, en.catalogue.status]);
const TYPE_VALUES = labelMap(["customer", "it"] as const, [de.catalogue.type, en.catalogue.type]);

const NAME = requiredText(255);
const ART_NR = optionalText(2000);

const sameIds = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const listText = (list: Named[]) => list.map((r) => r.name).join(", ");

interface Context {
  user: SessionUser;
  services: Map<number, ServiceSnapshot>;
  masks: Map<number, MaskHidden>;
  scope: Awaited<ReturnType<typeof editScope>>;
  names: Record<SnapshotRelation, Map<string, Named>>;
  structure: StructureNames;
}

/** The names in a list cell: one per line; a piece that is no known name is also tried split at ";". */
function resolveNames(cell: string, known: Map<string, Named>): { ids: number[]; unknown: string[] } {
  const ids = new Set<number>();
  const unknown: string[] = [];
  for (const piece of cell.split(LIST_SEPARATOR)) {
    const name = piece.trim();
    if (!name) continue;
    const found = known.get(name.toLowerCase());
    if (found) {
      ids.add(found.id);
      continue;
    }
    const parts = name.includes(";") ? name.split(";").map((p) => p.trim()).filter(Boolean) : [name];
    for (const part of parts) {
      const hit = known.get(part.toLowerCase());
      if (hit) ids.add(hit.id);
      else unknown.push(part);
    }
  }
  return { ids: [...ids].sort((a, b) => a - b), unknown };
}

type ColumnResult = { same: true } | { error: string } | { from: string; to: string; set: RowValues };

/** One editable cell compared with the service: unchanged, an error, or the change. */
function compareCell(column: EditableColumn, raw: string, s: ServiceSnapshot, hidden: MaskHidden, ctx: Context): ColumnResult {
  const cell = raw.replace(/\r\n?/g, "\n");
  const relation = RELATION_OF[column];
  if (relation) {
    const current = s[relation];
    if (relation === "tags" && hidden.sections.includes("tags")) return cell.trim() === "" ? { same: true } : { error: "tools.import.errors.hidden" };
    const { ids, unknown } = resolveNames(cell, ctx.names[relation]);
    if (unknown.length) return { error: errorKey("tools.import.errors.unknownName", { name: unknown[0] }) };
    const before = current.map((r) => r.id).sort((a, b) => a - b);
    if (sameIds(before, ids)) return { same: true };
    const byId = new Map([...ctx.names[relation].values()].map((n) => [n.id, n]));
    const after = ids.map((id) => byId.get(id)!).sort((a, b) => a.name.localeCompare(b.name));
    return { from: listText(current), to: listText(after), set: { [relation]: ids } };
  }
  switch (column) {
    case "name": {
      if (cell === s.name) return { same: true };
      const parsed = NAME.safeParse(cell);
      if (!parsed.success) return { error: parsed.error.issues[0].message };
      return parsed.data === s.name ? { same: true } : { from: s.name, to: parsed.data, set: { name: parsed.data } };
    }
    case "status": {
      const status = STATUS_VALUES.get(cell.trim().toLowerCase());
      if (!status) return { error: "tools.import.errors.status" };
      if (status === s.status) return { same: true };
      if (!canTransition(ctx.user.role, s.status as Status, status)) return { error: "tools.import.errors.workflow" };
      return { from: s.status, to: status, set: { status } };
    }
    case "servicetype": {
      const type = TYPE_VALUES.get(cell.trim().toLowerCase());
      if (!type) return { error: "tools.import.errors.servicetype" };
      return type === s.servicetype ? { same: true } : { from: s.servicetype, to: type, set: { servicetype: type } };
    }
    case "statuspercent": {
      const text = cell.trim();
      if (!/^\d{1,3}$/.test(text) || Number(text) > 100) return { error: "tools.import.errors.percent" };
      const percent = Number(text);
      return percent === s.statuspercent ? { same: true } : { from: String(s.statuspercent), to: text, set: { statuspercent: percent } };
    }
    case "category_id": {
      const text = cell.trim();
      if (text === "" && s.category_id === null) return { same: true };
      if (text === "") return { error: "tools.import.errors.categoryRequired" };
      if (!/^\d{1,12}$/.test(text)) return { error: "tools.import.errors.unknownCategory" };
      const id = Number(text);
      if (id === s.category_id) return { same: true };
      const category = ctx.structure.categories.get(id);
      if (!category) return { error: "tools.import.errors.unknownCategory" };
      if (s.catalogue_id !== null && category.catalogueId !== s.catalogue_id) return { error: "tools.import.errors.otherCatalogue" };
      if (!ctx.scope.all && !ctx.scope.categories.includes(id)) return { error: "tools.import.errors.categoryNoPermission" };
      const from = s.category_id === null ? "" : (ctx.structure.categories.get(s.category_id)?.name ?? String(s.category_id));
      return { from, to: category.name, set: { category_id: id } };
    }
    case "art_nr": {
      if (cell === (s.art_nr ?? "")) return { same: true };
      if (hidden.fields.includes("art_nr")) return cell.trim() === "" ? { same: true } : { error: "tools.import.errors.hidden" };
      const parsed = ART_NR.safeParse(cell);
      if (!parsed.success) return { error: parsed.error.issues[0].message };
      return (parsed.data ?? "") === (s.art_nr ?? "") ? { same: true } : { from: s.art_nr ?? "", to: parsed.data ?? "", set: { art_nr: parsed.data } };
    }
    case "short_description": {
      // Plain text (light markup), compared as the export wrote it; an older file's HTML is read as HTML.
      if (cell === (s.short_description ?? "")) return { same: true };
      const current = htmlToMarkup(s.short_description);
      const html = markupOrHtml(cell);
      if (htmlToMarkup(html) === current) return { same: true };
      if (hidden.fields.includes("short_description")) return cell.trim() === "" ? { same: true } : { error: "tools.import.errors.hidden" };
      if (html.length > RICH_MAX) return { error: tooLong(RICH_MAX) };
      return { from: current, to: htmlToMarkup(html), set: { short_description: html } };
    }
    case "short_description_html": {
      if (cell === (s.short_description ?? "")) return { same: true };
      if (hidden.fields.includes("short_description")) return cell.trim() === "" ? { same: true } : { error: "tools.import.errors.hidden" };
      if (cell.length > RICH_MAX) return { error: tooLong(RICH_MAX) };
      return { from: s.short_description ?? "", to: cell, set: { short_description: cell } };
    }
    default:
      return { same: true };
  }
}

/**
 * A translation cell (issue 37 §4) compared with the stored translation: a cell as exported is
 * unchanged (an outdated translation stays outdated), an emptied cell removes the translation,
 * and a language the service's catalogue does not offer takes no text.
 */
function compareTranslation(header: TranslationColumn, raw: string, s: ServiceSnapshot, hidden: MaskHidden, ctx: Context): ColumnResult {
  const { column, language } = parseTranslationColumn(header)!;
  const field = column === "name" ? "name" : "short_description";
  const cell = raw.replace(/\r\n?/g, "\n");
  const current = s.translations[`${field}@${language}`] ?? "";
  if (cell === current) return { same: true };
  const offered = s.catalogue_id !== null && (ctx.structure.languages.get(s.catalogue_id) ?? []).includes(language);
  const change = (from: string, to: string, value: string): ColumnResult => ({ from, to, set: { translations: [{ field, language, value }] } });
  if (column === "name") {
    const text = cell.trim();
    if (text === current) return { same: true };
    if (!offered) return text === "" ? { same: true } : { error: "tools.import.errors.languageNotOffered" };
    if (text === "") return change(current, "", "");
    const parsed = NAME.safeParse(text);
    return parsed.success ? change(current, parsed.data, parsed.data) : { error: parsed.error.issues[0].message };
  }
  const html = column === "short_description" ? markupOrHtml(cell) : cell;
  const shown = (value: string) => (column === "short_description" ? htmlToMarkup(value) : value);
  if (shown(html) === shown(current)) return { same: true };
  const empty = htmlToMarkup(html).trim() === "";
  if (hidden.fields.includes("short_description") || !offered) {
    if (empty) return { same: true };
    return { error: hidden.fields.includes("short_description") ? "tools.import.errors.hidden" : "tools.import.errors.languageNotOffered" };
  }
  if (html.length > RICH_MAX) return { error: tooLong(RICH_MAX) };
  return change(shown(current), empty ? "" : shown(html), empty ? "" : html);
}

const CONTENT_COLUMNS: readonly EditableColumn[] = ["art_nr", "short_description", "short_description_html", "owners", "providers", "service_levels", "tags"];

async function contextFor(db: Executor, user: SessionUser, ids: number[]): Promise<Context> {
  const services = new Map<number, ServiceSnapshot>();
  for (let i = 0; i < ids.length; i += ID_CHUNK) for (const s of await snapshotChunk(db, ids.slice(i, i + ID_CHUNK))) services.set(s.id, s);
  const [masks, scope, structure, ...lists] = await Promise.all([
    hiddenForCategories(db, [...services.values()].flatMap((s) => (s.category_id === null ? [] : [s.category_id]))),
    editScope(db, user),
    structureNames(db),
    ...(["owners", "providers", "kpis", "tags"] as const).map((kind) => db.selectFrom(RELATION_SOURCES[kind].source).select(["id", "name"]).execute()),
  ]);
  const byName = (rows: Named[]) => new Map(rows.map((r) => [r.name.trim().toLowerCase(), r]));
  const [owners, providers, kpis, tags] = lists;
  return { user, services, masks, scope, structure, names: { owners: byName(owners), providers: byName(providers), kpis: byName(kpis), tags: byName(tags) } };
}

/** A column the import reads: the export's own and the translation columns. */
const known = (header: string) => (CSV_COLUMNS as readonly string[]).includes(header) || parseTranslationColumn(header) !== null;

/**
 * Compares every row with the database. `header` is the file's first line (for the columns an
 * import ignores); rows carry their line numbers. Reads in a fixed number of queries per chunk.
 */
export async function planImport(db: Executor, user: SessionUser, header: string[], rows: CarriedRow[], readErrors: { line: number; message: string }[] = []): Promise<ImportPlan> {
  const wantedIds = [...new Set(rows.map((r) => (r.cells.id ?? "").trim()).filter((v) => /^\d{1,12}$/.test(v)).map(Number))];
  const ctx = await contextFor(db, user, wantedIds);
  const unreadable = new Set([...readErrors.map((e) => e.line), ...rows.filter((r) => r.unreadable).map((r) => r.line)]);
  const errors: RowError[] = [...unreadable].map((line) => ({ line, column: null, message: "tools.import.errors.unreadable" }));
  const preview: ImportPreview = {
    rows: rows.length,
    unchanged: 0,
    changes: [],
    errors,
    hiddenErrors: 0,
    invalidLines: [],
    ignoredColumns: header.filter((h) => h !== "" && !known(h)),
    carry: [],
  };
  const planned: PlannedRow[] = [];
  const firstLine = new Map<number, number>();
  const translationColumns = header.filter((h) => parseTranslationColumn(h)) as TranslationColumn[];
  // What the apply form carries back: the line and the columns the import knows (of an unreadable row nothing).
  const carried = (row: CarriedRow) =>
    JSON.stringify(
      unreadable.has(row.line)
        ? { line: row.line, cells: {}, unreadable: true }
        : { line: row.line, cells: Object.fromEntries(Object.entries(row.cells).filter(([k]) => known(k))) },
    );
  for (const [index, row] of rows.entries()) {
    // 20,000 rows take a while to compare: let other requests in between.
    if (index % PLAN_SLICE === PLAN_SLICE - 1) await new Promise((resolve) => setImmediate(resolve));
    if (unreadable.has(row.line)) {
      preview.invalidLines.push(row.line);
      preview.carry.push(carried(row));
      continue;
    }
    const rowErrors: RowError[] = [];
    const fail = (column: string | null, message: string) => rowErrors.push({ line: row.line, column, message });
    const idText = (row.cells.id ?? "").trim();
    const id = /^\d{1,12}$/.test(idText) ? Number(idText) : null;
    const s = id === null ? undefined : ctx.services.get(id);
    if (idText === "") fail("id", "tools.import.errors.idMissing");
    else if (id === null || !s) fail("id", "tools.import.errors.unknownService");
    else if (firstLine.has(id)) fail("id", errorKey("tools.import.errors.duplicate", { line: firstLine.get(id)! }));
    const fields: FieldChange[] = [];
    let values: RowValues = {};
    if (s && id !== null && !rowErrors.length) {
      firstLine.set(id, row.line);
      const hidden = (s.category_id !== null && ctx.masks.get(s.category_id)) || NOTHING_HIDDEN;
      for (const column of EDITABLE_COLUMNS) {
        if (!(column in row.cells)) continue;
        // A file with both forms of a rich-text column: the HTML one is the more exact.
        if (column === "short_description" && HTML_COLUMNS.short_description in row.cells) continue;
        const result = compareCell(column, row.cells[column], s, hidden, ctx);
        if ("error" in result) fail(column, result.error);
        else if ("set" in result) {
          fields.push({ column, from: result.from, to: result.to });
          values = { ...values, ...result.set };
        }
      }
      for (const column of translationColumns) {
        if (!(column in row.cells)) continue;
        const { column: base, language } = parseTranslationColumn(column)!;
        if (base === "short_description" && `short_description_html@${language}` in row.cells) continue;
        const result = compareTranslation(column, row.cells[column], s, hidden, ctx);
        if ("error" in result) fail(column, result.error);
        else if ("set" in result) {
          fields.push({ column, from: result.from, to: result.to });
          values = { ...values, translations: [...(values.translations ?? []), ...(result.set.translations ?? [])] };
        }
      }
      if (fields.length && !rowErrors.length) {
        if (!mayEdit(ctx.scope, s)) fail(null, "tools.import.errors.noPermission");
        else if ((row.cells.version ?? "").trim() !== s.updated_at) fail("version", "tools.import.errors.stale");
      }
    }
    if (rowErrors.length) {
      errors.push(...rowErrors);
      preview.invalidLines.push(row.line);
      preview.carry.push(carried(row));
    } else if (fields.length && s && id !== null) {
      const reopens = s.status === "closed" && values.status === undefined && fields.some((f) => (CONTENT_COLUMNS as readonly string[]).includes(f.column));
      preview.changes.push({ line: row.line, id, name: s.name, fields, reopens });
      planned.push({ line: row.line, id, version: s.updated_at, values });
      preview.carry.push(carried(row));
    } else preview.unchanged++;
  }
  errors.sort((a, b) => a.line - b.line);
  // What the page shows stays small whatever the file holds (issue 31 §2).
  preview.hiddenErrors = Math.max(0, errors.length - MAX_SHOWN_ERRORS);
  preview.errors = errors.slice(0, MAX_SHOWN_ERRORS);
  return { preview, planned };
}

// ------------------------------------------------------------------------------ applying

/** A row that failed while being written (nothing of it was written). */
class RowFailure extends Error {
  constructor(
    readonly line: number,
    readonly key: string,
  ) {
    super(key);
  }
}

function failureKey(error: unknown): string | null {
  if (error instanceof StaleRecordError) return "tools.import.errors.stale";
  if (error instanceof ForbiddenTransitionError) return "tools.import.errors.workflow";
  // Grants and masks were checked for the preview: one changed meanwhile.
  if (error instanceof ForbiddenError) return "tools.import.errors.forbidden";
  if (error instanceof NotFoundError) return "tools.import.errors.unknownService";
  if (error instanceof CrossCatalogueMoveError) return "tools.import.errors.otherCatalogue";
  if (error instanceof ValidationError) return "tools.import.errors.unknownCategory";
  return null;
}

/** One row's writes in the caller's transaction: content first, the basics (with the status) last. */
async function applyRow(db: Executor, user: SessionUser, row: PlannedRow) {
  const { id, values } = row;
  try {
    await inTransaction(db, async (trx) => {
      if (!(await canEditService(trx, user, id))) throw new ForbiddenError("service");
      // The first write checks the row's version; the later ones run in the same transaction.
      let expected: string | null = row.version;
      const version = () => {
        const v = expected;
        expected = null;
        return v;
      };
      if (values.short_description !== undefined) await updateServiceRichText(trx, id, "short_description", values.short_description, version(), user);
      if (values.art_nr !== undefined) await updateServiceFields(trx, id, { art_nr: values.art_nr }, "details", version(), user);
      const relations = { owners: values.owners, providers: values.providers, kpis: values.kpis, tags: values.tags };
      if (Object.values(relations).some((v) => v !== undefined)) {
        const wanted = Object.fromEntries(Object.entries(relations).filter(([, v]) => v !== undefined));
        await setServiceRelations(trx, id, wanted, version(), user);
      }
      const basics = [values.name, values.status, values.statuspercent, values.servicetype, values.category_id];
      if (basics.some((v) => v !== undefined)) {
        // After a content change an approved service is "open" again: the status the file names wins only when it differs.
        const current = await trx.selectFrom("services").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
        await updateServiceBasics(
          trx,
          id,
          {
            name: values.name ?? current.name,
            category_id: values.category_id ?? (current.category_id as number),
            servicetype: values.servicetype ?? current.servicetype,
            status: values.status ?? current.status,
            statuspercent: values.statuspercent ?? Number(current.statuspercent),
            servicechangeplanned: Number(current.servicechangeplanned),
          },
          version(),
          user,
        );
      }
      if (values.translations?.length) {
        // Made from the original as it is now, after this row's own changes.
        const source = await trx.selectFrom("services").select(["name", "short_description"]).where("id", "=", id).executeTakeFirstOrThrow();
        for (const tr of values.translations) {
          const value = tr.field === "name" ? htmlToPlainText(tr.value) : sanitizeRichText(tr.value);
          await saveTranslation(trx, { subjectType: "service", subjectId: id, field: tr.field, language: tr.language, value, source: source[tr.field], expectedUpdatedAt: null }, user);
        }
      }
    });
  } catch (error) {
    const key = failureKey(error);
    if (key) throw new RowFailure(row.line, key);
    throw error;
  }
}

export type ImportOutcome = { status: "applied"; applied: number; skipped: number } | { status: "refused"; plan: ImportPlan };

/**
 * Applies the carried rows after checking them again against the database. With errors and
 * without `applyValid`, nothing is written (the refreshed preview comes back); without errors all
 * rows are written in one transaction (a row failing meanwhile undoes the others); with
 * `applyValid` each valid row is written on its own and failing ones are counted as skipped.
 */
export async function applyImport(db: Executor, user: SessionUser, rows: CarriedRow[], applyValid: boolean): Promise<ImportOutcome> {
  const header = [...new Set(rows.flatMap((r) => Object.keys(r.cells)))];
  const plan = await planImport(db, user, header, rows);
  if (plan.preview.errors.length && !applyValid) return { status: "refused", plan };
  if (!applyValid) {
    try {
      await inTransaction(db, async (trx) => {
        for (const row of plan.planned) await applyRow(trx, user, row);
      });
    } catch (error) {
      if (!(error instanceof RowFailure)) throw error;
      plan.preview.errors.push({ line: error.line, column: null, message: error.key });
      plan.preview.invalidLines.push(error.line);
      return { status: "refused", plan };
    }
    return { status: "applied", applied: plan.planned.length, skipped: 0 };
  }
  let applied = 0;
  const failed = new Set(plan.preview.invalidLines);
  for (const row of plan.planned) {
    try {
      await applyRow(db, user, row);
      applied++;
    } catch (error) {
      if (!(error instanceof RowFailure)) throw error;
      failed.add(row.line);
    }
  }
  return { status: "applied", applied, skipped: failed.size };
}
