import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requirePermission } from "~/modules/access/policy.server";
import { getDb } from "~/server/db/db.server";
import type { Executor } from "~/server/audit.server";
import { ValidationError } from "~/server/errors.server";
import { redirectWithFlash } from "~/server/flash.server";
import { commonRefusal, dispatchIntent, referencesOr400, refuse, refuseForm, validateForm, type Refusal } from "~/server/form.server";
import { idField, tooLong } from "~/ui/form/fields";
import { formVersion, RICH_FORM_MAX_BYTES, readFormData } from "~/server/request-body.server";
import { sanitizeRichText } from "~/server/sanitize.server";
import { readSections } from "./frame-read.server";
import { STALE, catalogueOr404, moveOf, sectionOfCatalogue } from "./frame-page.server";
import { CELL_MAX, COLUMNS_MAX, MATRIX_ROWS_MAX, MatrixSchema, ParagraphSchema, SectionSchema, TABLE_ROWS_MAX, TableSchema } from "./frame-schema";
import { ITEM_KINDS, SECTION_HOLDS, framePath, type ItemKind, type SectionItem, type SectionType } from "./frame-types";
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
  moveTableRow,
  removeTableRow,
  updateMatrix,
  updateParagraph,
  updateSection,
  updateTable,
} from "./sections.server";
import { refusal } from "~/server/refusal.server";
import { idOr404 } from "~/server/ids.server";

/**
 * The dialogs over a frame page: a section (new/edit), an item of a section (paragraph, table
 * with its rows, matrix; new/edit) and the delete confirmations. Each is a nested route, so it is
 * a page of its own without JS. Admin guard; a record of another catalogue is a 404.
 */

const NEW = "new";

function kindOr404(raw: string | undefined): ItemKind {
  if (!(ITEM_KINDS as readonly string[]).includes(raw ?? "")) throw refusal(404);
  return raw as ItemKind;
}

/** A refusal of a dialog's form: the domain's (invalid, stale), else the given failure text (spec 02 §8), with the values kept. */
function failed(submission: Parameters<typeof refuse>[0] | undefined, error: unknown, failure: string) {
  const common = commonRefusal(error, STALE);
  if (!common && error instanceof Response) throw error;
  if (!common) console.error(error);
  const errors: Refusal = common?.errors ?? { form: failure };
  const status = common?.status ?? 500;
  return submission ? refuse(submission, errors, status) : refuseForm(errors, status);
}

// -------------------------------------------------------------------------------------- section

export async function sectionDialogLoader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "access:admin");
  const db = getDb();
  const catalogue = await catalogueOr404(db, params.id);
  if (params.section === NEW) return { catalogueId: catalogue.id, section: null };
  const id = idOr404(params.section);
  await sectionOfCatalogue(db, catalogue.id, "section", id);
  const s = await getSection(db, id);
  return { catalogueId: catalogue.id, section: { id: s.id, name: s.name, description: s.description ?? "", type: s.type as SectionType, updated_at: s.updated_at } };
}

export async function sectionDialogAction({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "access:admin");
  const db = getDb();
  const catalogue = await catalogueOr404(db, params.id);
  const existing = params.section === NEW ? null : idOr404(params.section);
  if (existing) await sectionOfCatalogue(db, catalogue.id, "section", existing);
  const form = await readFormData(request, { maxBytes: RICH_FORM_MAX_BYTES });
  const submission = validateForm(form, SectionSchema);
  if (submission.status !== "success") return refuse(submission);
  const values = { ...submission.value, description: submission.value.description ?? null };
  try {
    if (existing) {
      const changed = await updateSection(db, existing, values, formVersion(form), user);
      return redirectWithFlash(request, `${framePath(catalogue.id)}#section-${existing}`, changed ? { kind: "success", message: "catalogframe.sections.updated", values: { name: values.name } } : { kind: "info", message: "catalogframe.unchanged" });
    }
    const id = await createSection(db, catalogue.id, values, user);
    return redirectWithFlash(request, `${framePath(catalogue.id)}#section-${id}`, { kind: "success", message: "catalogframe.sections.created", values: { name: values.name } });
  } catch (error) {
    return failed(submission, error, existing ? "catalogframe.errors.updateFailed" : "catalogframe.errors.sectionCreationFailed");
  }
}

// ---------------------------------------------------------------------------------------- items

/** What the item dialog shows: the section it is in and, when editing, the item as stored. */
export async function itemDialogLoader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "access:admin");
  const db = getDb();
  const catalogue = await catalogueOr404(db, params.id);
  const kind = kindOr404(params.kind);
  if (params.item === NEW) {
    const sectionId = idOr404(new URL(request.url).searchParams.get("section"));
    await sectionOfCatalogue(db, catalogue.id, "section", sectionId);
    const section = await getSection(db, sectionId);
    // Only the kinds the section's type holds are offered (its add buttons); others are no page.
    if (!SECTION_HOLDS[section.type as SectionType].includes(kind)) throw refusal(404);
    return { catalogueId: catalogue.id, kind, section: { id: section.id, name: section.name }, item: null };
  }
  const id = idOr404(params.item);
  const sectionId = await sectionOfCatalogue(db, catalogue.id, kind, id);
  const stored = await getItem(db, kind, id);
  // The item as the readers show it (rows in order, parsed headers), with its version.
  const sections = await readSections(db, catalogue.id);
  const section = sections.find((s) => s.id === sectionId)!;
  const item = section.items.find((i) => i.kind === kind && i.id === id) as SectionItem;
  const shown = item.kind === "paragraph" ? { ...item, content: item.content ? sanitizeRichText(item.content) : null } : item;
  return { catalogueId: catalogue.id, kind, section: { id: section.id, name: section.name }, item: { ...shown, updated_at: stored.updated_at } };
}

/** One cell: line breaks become spaces, trimmed, at most CELL_MAX characters. */
const cell = z
  .string()
  .transform((v) => v.replace(/\r\n?/g, " ").trim())
  .pipe(z.string().max(CELL_MAX));
/** A repeated field (one value per column); one value or none is a list too. */
const cells = z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(cell));

/**
 * The cells of the named repeated fields (a table row per name, a matrix cell per name), read with
 * one schema built for these names. An empty cell stays "" (keepEmpty); a cell too long refuses
 * the whole form, as one message above it.
 */
function cellsOf<N extends string>(form: FormData, names: readonly N[]): Record<N, string[]> {
  const submission = validateForm(form, z.object(Object.fromEntries(names.map((name) => [name, cells]))), { keepEmpty: true });
  if (submission.status !== "success") throw new ValidationError({ _form: tooLong(CELL_MAX) });
  return submission.value as Record<N, string[]>;
}

/** The matrix's size as the form rendered it, clamped to the limits (a form without cells yet: 0 × 0). */
const gridSize = (max: number) => z.coerce.number().catch(0).transform((n) => Math.max(0, Math.min(max, Math.floor(n) || 0)));
const GridSizeSchema = z.object({ grid_rows: gridSize(MATRIX_ROWS_MAX), grid_cols: gridSize(COLUMNS_MAX) });

/** The matrix cells as the form rendered them (`grid_rows` × `grid_cols`, named `cell_<r>_<c>`). */
function gridOf(form: FormData): string[][] {
  const { grid_rows, grid_cols } = referencesOr400(form, GridSizeSchema);
  const name = (r: number, c: number) => `cell_${r}_${c}`;
  const read = cellsOf(form, Array.from({ length: grid_rows }, (_, r) => Array.from({ length: grid_cols }, (_, c) => name(r, c))).flat());
  return Array.from({ length: grid_rows }, (_, r) => Array.from({ length: grid_cols }, (_, c) => read[name(r, c)][0] ?? ""));
}

const TableRowRef = z.object({ row: idField() });

export async function itemDialogAction({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "access:admin");
  const db = getDb();
  const catalogue = await catalogueOr404(db, params.id);
  const kind = kindOr404(params.kind);
  const existing = params.item === NEW ? null : idOr404(params.item);
  const sectionId = existing
    ? await sectionOfCatalogue(db, catalogue.id, kind, existing)
    : await sectionOfCatalogue(db, catalogue.id, "section", idOr404(new URL(request.url).searchParams.get("section")));
  const form = await readFormData(request, { maxBytes: RICH_FORM_MAX_BYTES });
  const back = `${framePath(catalogue.id)}#section-${sectionId}`;
  const dialog = new URL(request.url).pathname;
  const saved = (changed: boolean, title: string) =>
    redirectWithFlash(request, back, changed ? { kind: "success", message: `catalogframe.items.${kind}.saved`, values: { title } } : { kind: "info", message: "catalogframe.unchanged" });
  return dispatchIntent(form.get("intent"), {
    save: async () => {
      if (kind === "paragraph") return saveParagraph(db, form, existing, sectionId, user, saved);
      if (kind === "table") return saveTable(db, form, existing, sectionId, user, saved, (id) => `${framePath(catalogue.id)}/item/table/${id}`, request);
      return saveMatrix(db, form, existing, sectionId, user, saved, (id) => `${framePath(catalogue.id)}/item/matrix/${id}`, request);
    },
    "row-add": () => rowChange(request, dialog, kind, existing, form, async (expected) => addTableRow(db, existing!, cellsOf(form, ["value"]).value, expected, user), "catalogframe.items.table.rowAdded", TABLE_ROWS_MAX),
    "row-move": () => rowChange(request, dialog, kind, existing, form, (expected) => moveTableRow(db, existing!, rowId(form), moveOf(form), expected, user), "catalogframe.moved"),
    "row-remove": () => rowChange(request, dialog, kind, existing, form, (expected) => removeTableRow(db, existing!, rowId(form), expected, user), "catalogframe.items.table.rowRemoved"),
  });
}

const rowId = (form: FormData) => referencesOr400(form, TableRowRef).row;

type Saved = (changed: boolean, title: string) => Promise<Response>;
type User = Awaited<ReturnType<typeof requirePermission>>;

async function saveParagraph(db: Executor, form: FormData, existing: number | null, sectionId: number, user: User, saved: Saved) {
  const submission = validateForm(form, ParagraphSchema);
  if (submission.status !== "success") return refuse(submission);
  const values = { title: submission.value.title, content: submission.value.content || null };
  try {
    if (existing) return await saved(await updateParagraph(db, existing, values, formVersion(form), user), values.title);
    await createParagraph(db, sectionId, values, user);
    return await saved(true, values.title);
  } catch (error) {
    return failed(submission, error, existing ? "catalogframe.errors.updateFailed" : "catalogframe.errors.paragraphCreationFailed");
  }
}

async function saveTable(db: Executor, form: FormData, existing: number | null, sectionId: number, user: User, saved: Saved, editPath: (id: number) => string, request: Request) {
  const submission = validateForm(form, TableSchema);
  if (submission.status !== "success") return refuse(submission);
  const values = submission.value;
  try {
    if (existing) {
      const stored = await getItem(db, "table", existing);
      const ids = (await db.selectFrom("table_rows").select("id").where("table_id", "=", stored.id).execute()).map((r) => r.id);
      const present = ids.filter((id) => form.has(`row_${id}`));
      const read = cellsOf(form, present.map((id) => `row_${id}`));
      const rows = present.map((id) => ({ id, values: read[`row_${id}`] }));
      return await saved(await updateTable(db, existing, { ...values, rows }, formVersion(form), user), values.title);
    }
    const id = await createTable(db, sectionId, values, user);
    // A new table has no rows yet: its dialog opens for them.
    return redirectWithFlash(request, editPath(id), { kind: "success", message: "catalogframe.items.table.created", values: { title: values.title } });
  } catch (error) {
    return failed(submission, error, existing ? "catalogframe.errors.updateFailed" : "catalogframe.errors.tableCreationFailed");
  }
}

async function saveMatrix(db: Executor, form: FormData, existing: number | null, sectionId: number, user: User, saved: Saved, editPath: (id: number) => string, request: Request) {
  const submission = validateForm(form, MatrixSchema);
  if (submission.status !== "success") return refuse(submission);
  const { title, row_headers, column_headers } = submission.value;
  try {
    let matrix_data = gridOf(form);
    // Without JS the new-matrix form has no cells yet: the matrix starts empty and its dialog opens for them.
    const startEmpty = !existing && matrix_data.length === 0;
    if (startEmpty) matrix_data = row_headers.map(() => column_headers.map(() => ""));
    const values = { title, row_headers, column_headers, matrix_data };
    if (existing) return await saved(await updateMatrix(db, existing, values, formVersion(form), user), title);
    const id = await createMatrix(db, sectionId, values, user);
    if (startEmpty) return await redirectWithFlash(request, editPath(id), { kind: "success", message: "catalogframe.items.matrix.created", values: { title } });
    return await saved(true, title);
  } catch (error) {
    return failed(submission, error, existing ? "catalogframe.errors.updateFailed" : "catalogframe.errors.matrixCreationFailed");
  }
}

/** A change to a table's rows: back to the table's dialog; a refusal is shown beside the rows' forms. */
async function rowChange(request: Request, dialog: string, kind: ItemKind, table: number | null, form: FormData, change: (expected: string) => Promise<boolean>, message: string, max?: number) {
  if (kind !== "table" || !table) throw new Response("Bad Request", { status: 400 });
  const target = `rows:${String(form.get("row") ?? "new")}`;
  try {
    if (max !== undefined) {
      const count = await getDb().selectFrom("table_rows").select((eb) => eb.fn.countAll<number>().as("n")).where("table_id", "=", table).executeTakeFirstOrThrow();
      if (Number(count.n) >= max) return refuseForm({ form: `catalogframe.errors.tooManyRows|max=${max}` }, 400, { target });
    }
    const changed = await change(formVersion(form));
    return await redirectWithFlash(request, dialog, changed ? { kind: "success", message } : { kind: "info", message: "catalogframe.unchanged" });
  } catch (error) {
    const common = commonRefusal(error, STALE);
    if (!common) {
      if (error instanceof Response) throw error;
      console.error(error);
      return refuseForm({ form: "catalogframe.errors.updateFailed" }, 500, { target });
    }
    // A refused new row keeps what was typed.
    if (form.get("intent") === "row-add") {
      const submission = validateForm(form, z.object({ value: z.array(z.string()).optional() }));
      return refuse(submission, common.errors, common.status, { target });
    }
    return refuseForm(common.errors, common.status, { target });
  }
}

// --------------------------------------------------------------------------------------- delete

const DELETE_KINDS = ["section", ...ITEM_KINDS] as const;
type DeleteKind = (typeof DELETE_KINDS)[number];

function deleteKindOr404(raw: string | undefined): DeleteKind {
  if (!(DELETE_KINDS as readonly string[]).includes(raw ?? "")) throw refusal(404);
  return raw as DeleteKind;
}

export async function deleteDialogLoader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "access:admin");
  const db = getDb();
  const catalogue = await catalogueOr404(db, params.id);
  const kind = deleteKindOr404(params.kind);
  const id = idOr404(params.item);
  await sectionOfCatalogue(db, catalogue.id, kind, id);
  const name = kind === "section" ? (await getSection(db, id)).name : ((await getItem(db, kind, id)).title ?? "");
  return { catalogueId: catalogue.id, kind, record: { id, name } };
}

export async function deleteDialogAction({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "access:admin");
  const db = getDb();
  const catalogue = await catalogueOr404(db, params.id);
  const kind = deleteKindOr404(params.kind);
  const id = idOr404(params.item);
  const sectionId = await sectionOfCatalogue(db, catalogue.id, kind, id);
  try {
    if (kind === "section") {
      const deleted = await deleteSection(db, id, user);
      return redirectWithFlash(request, `${framePath(catalogue.id)}#sections`, { kind: "success", message: "catalogframe.sections.deleted", values: { name: deleted.name } });
    }
    const deleted = await deleteItem(db, kind, id, user);
    return redirectWithFlash(request, `${framePath(catalogue.id)}#section-${sectionId}`, { kind: "success", message: `catalogframe.items.${kind}.deleted`, values: { title: deleted.title ?? "" } });
  } catch (error) {
    return failed(undefined, error, "catalogframe.errors.updateFailed");
  }
}
