import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { sql } from "kysely";
import { getT } from "~/i18n/i18next.server";
import { userHasPermission } from "~/modules/access/policy";
import { requirePermission } from "~/modules/access/policy.server";
import type { SessionUser } from "~/modules/access/user.server";
import { getCurrentCatalogueId, isServiceAreaActive, listCatalogueNames } from "~/modules/catalogue/catalogue.server";
import { catalogueTitle } from "~/modules/catalogue/catalogue-title";
import { recordActivity, type Executor } from "~/server/audit.server";
import { csvDelimiter, csvResponse } from "~/server/csv.server";
import { getDb } from "~/server/db/db.server";
import { ValidationError } from "~/server/errors.server";
import { redirectWithFlash } from "~/server/flash.server";
import { dispatchIntent, refuse, refuseForm, validateForm } from "~/server/form.server";
import { readFormData } from "~/server/request-body.server";
import { isMultipart, parseFileUpload, UPLOAD_ERRORS } from "~/server/upload.server";
import { errorKey } from "~/ui/forms";
import { applyBulkChange, previewBulkChange, type BulkPreview, type BulkResult } from "./bulk.server";
import { MAX_IMPORT_BYTES, type ImportPreview } from "./csv-columns";
import { csvExportStream } from "./csv-export.server";
import { applyImport, planImport } from "./csv-import.server";
import { decodeCsvUpload, readCarried, readImportFile } from "./csv-read.server";
import { MAX_BULK_SERVICES, TOOLS_PAGE_SIZE, TOOLS_PATH } from "./tools-query";
import { BulkApplySchema, BulkPreviewSchema, ImportApplySchema, type BulkChange } from "./tools-schemas";
import { pickedServices, resolved } from "./tools-selection.server";
import { refusal } from "~/server/refusal.server";
import { aiConfig, isConfigured } from "~/modules/ai/provider.server";
import { csvLanguages } from "./csv-data.server";

/**
 * /tools (docs/decisions/0036-tools.md): the services picked by the browser's filter or
 * selection; bulk changes with a preview; the services CSV (export for everyone who reads the
 * catalogue; import and bulk changes for whoever may edit services, checked per service).
 */


const named = (db: Executor, table: "owners" | "providers" | "kpis" | "tags") =>
  db.selectFrom(table).select(["id", "name"]).orderBy(sql`lower(name)`).orderBy("id").execute();

/** Whether /tools links here: a provider, the assistant allowed, and picked services whose catalogues offer further languages. */
export async function translateOffered(db: Executor, user: SessionUser, ids: number[]): Promise<boolean> {
  return ids.length > 0 && userHasPermission(user, "use:ai") && isConfigured(aiConfig()) && (await csvLanguages(db, ids)).length > 0;
}

export async function toolsLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:catalogue");
  const url = new URL(request.url);
  const db = getDb();
  const picked = await resolved(db, user, url);
  const total = picked.ids.length;
  const pageCount = Math.max(1, Math.ceil(total / TOOLS_PAGE_SIZE));
  const page = Math.min(pageCount, Math.max(1, Math.floor(Number(url.searchParams.get("page")) || 1)));
  const canChange = userHasPermission(user, "update:service");
  const catalogueId = picked.catalogue?.id ?? null;
  const [rows, catalogues, areaActive, currentCatalogueId, categories, owners, providers, kpis, tags] = await Promise.all([
    pickedServices(db, picked.ids.slice((page - 1) * TOOLS_PAGE_SIZE, page * TOOLS_PAGE_SIZE)),
    listCatalogueNames(db),
    isServiceAreaActive(db),
    getCurrentCatalogueId(db, user.id),
    catalogueId === null
      ? Promise.resolve([])
      : db.selectFrom("service_categories").select(["id", "name"]).where("service_catalogue_id", "=", catalogueId).orderBy(sql`lower(name)`).execute(),
    named(db, "owners"),
    canChange ? named(db, "providers") : Promise.resolve([]),
    canChange ? named(db, "kpis") : Promise.resolve([]),
    named(db, "tags"),
  ]);
  return {
    // "Übersetzen" for the selection (issue 37 §3): its own page, offered when it can do something.
    translate: canChange && (await translateOffered(db, user, picked.ids)),
    selection: picked.selection,
    catalogue: picked.catalogue,
    total,
    page,
    pageCount,
    rows,
    catalogues,
    areaActive,
    currentCatalogueId,
    categories,
    choices: { owners, providers, kpis, tags },
    canChange,
    canStructure: userHasPermission(user, "manage:structure"),
    maxBulk: MAX_BULK_SERVICES,
  };
}

/** What the page shows after a post that is not a refusal: a preview, or the outcome of an apply. */
export type ToolsAnswer =
  | { kind: "bulkPreview"; preview: BulkPreview }
  | { kind: "bulkResult"; result: BulkResult; change: BulkChange; valueName: string | null }
  | { kind: "importPreview"; preview: ImportPreview; fileName: string; refused: boolean };

/** The page the forms were posted from, without the action's own markers. */
export function backTo(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return search ? `${TOOLS_PATH}?${search}` : TOOLS_PATH;
}

/**
 * The import's apply form carries the changed rows of the file back (JSON, percent-encoded: up to
 * three bytes for each byte of the file), so it may be larger than other forms; the bulk forms
 * share the read and the limit. Only a signed-in service editor gets this far.
 */
const APPLY_FORM_MAX_BYTES = 3 * MAX_IMPORT_BYTES;

/**
 * The page's posts: a bulk change's preview and apply, an import file's preview (multipart) and
 * the import's apply. Who may not edit services gets 403 before anything is read.
 */
export async function toolsAction({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "update:service");
  if (isMultipart(request)) return importPreview(user, request);
  const form = await readFormData(request, { maxBytes: APPLY_FORM_MAX_BYTES });
  return dispatchIntent(form.get("intent"), {
    preview: () => bulkPreview(request, form, user),
    apply: () => bulkApply(request, form, user),
    "import-apply": () => importApply(request, form, user),
  });
}


/** Moving services between catalogues is structure work (keyuser and above), as in the browser. */
function requireChangeAllowed(user: SessionUser, change: BulkChange | undefined) {
  if (change?.kind === "catalogue" && !userHasPermission(user, "manage:structure")) throw refusal(403);
}

async function bulkPreview(request: Request, form: FormData, user: SessionUser) {
  const submission = validateForm(form, BulkPreviewSchema);
  const target = `bulk-${String(form.get("kind") ?? "")}`;
  if (submission.status !== "success") return refuse(submission, {}, 400, { target });
  requireChangeAllowed(user, submission.value);
  const db = getDb();
  const picked = await resolved(db, user, new URL(request.url));
  if (!picked.ids.length) return refuse(submission, { form: "tools.bulk.errors.empty" }, 400, { target });
  if (picked.ids.length > MAX_BULK_SERVICES) {
    return refuse(submission, { form: errorKey("tools.bulk.errors.tooMany", { count: picked.ids.length, max: MAX_BULK_SERVICES }) }, 400, { target });
  }
  try {
    const preview = await previewBulkChange(db, user, picked.ids, submission.value);
    return data<ToolsAnswer>({ kind: "bulkPreview", preview });
  } catch (error) {
    if (error instanceof ValidationError) return refuse(submission, { fields: error.errors }, 400, { target });
    throw error;
  }
}

async function bulkApply(request: Request, form: FormData, user: SessionUser) {
  const submission = validateForm(form, BulkApplySchema);
  if (submission.status !== "success") return refuse(submission, {}, 400, { target: "bulk-apply" });
  const { change, items } = submission.value;
  requireChangeAllowed(user, change);
  let result: BulkResult;
  try {
    result = await applyBulkChange(getDb(), user, items, change);
  } catch (error) {
    if (error instanceof ValidationError) return refuseForm({ form: "tools.bulk.errors.unknownValue" }, 400, { target: "bulk-apply" });
    throw error;
  }
  // Nothing the user may change: a forbidden request, refused as a whole.
  if (!result.applied.length && result.refused.length && result.refused.every((r) => r.reason === "noPermission")) {
    throw refusal(403);
  }
  if (!result.refused.length) {
    return redirectWithFlash(request, backTo(request), { kind: "success", message: "tools.bulk.applied", values: { count: result.applied.length } });
  }
  const valueName = change.kind === "status" || change.kind === "catalogue" ? null : ((await getDb().selectFrom(change.kind).select("name").where("id", "=", change.id).executeTakeFirst())?.name ?? null);
  return data<ToolsAnswer>({ kind: "bulkResult", result, change, valueName });
}

const UPLOAD_MESSAGES: Record<string, string> = {
  [UPLOAD_ERRORS.tooLarge]: errorKey("tools.import.errors.tooLarge", { max: MAX_IMPORT_BYTES / 1024 / 1024 }),
  [UPLOAD_ERRORS.required]: "tools.import.errors.required",
  [UPLOAD_ERRORS.empty]: "tools.import.errors.required",
  [UPLOAD_ERRORS.malformed]: "tools.import.errors.malformed",
};

async function importPreview(user: SessionUser, request: Request) {
  const upload = await parseFileUpload(request, { field: "file", maxBytes: MAX_IMPORT_BYTES, required: true });
  const refused = (message: string) => refuseForm({ fields: { file: message } }, 400, { target: "import" });
  if (!upload.ok) return refused(UPLOAD_MESSAGES[upload.errors.file ?? ""] ?? "tools.import.errors.malformed");
  const decoded = await decodeCsvUpload(upload.file!.bytes);
  if (!decoded.ok) return refused(decoded.error);
  const read = await readImportFile(decoded.parts);
  if (!read.ok) return refused(read.error);
  const { csv } = read;
  const { preview } = await planImport(getDb(), user, csv.header, csv.rows, csv.errors);
  // Without a change there is no apply form: the rows it would carry need not travel to the page.
  const shown = preview.changes.length ? preview : { ...preview, carry: [] };
  return data<ToolsAnswer>({ kind: "importPreview", preview: shown, fileName: upload.file!.filename.slice(0, 200), refused: false });
}

async function importApply(request: Request, form: FormData, user: SessionUser) {
  const submission = validateForm(form, ImportApplySchema);
  if (submission.status !== "success") return refuse(submission, {}, 400, { target: "import-apply" });
  const rows = readCarried(submission.value.row);
  if (!rows) throw new Response("Bad Request", { status: 400 });
  const outcome = await applyImport(getDb(), user, rows, submission.value.applyValid);
  if (outcome.status === "refused") {
    return data<ToolsAnswer>({ kind: "importPreview", preview: outcome.plan.preview, fileName: String(form.get("fileName") ?? "").slice(0, 200), refused: true }, { status: 409 });
  }
  const values: Record<string, number> = { count: outcome.applied };
  if (outcome.skipped) values.skipped = outcome.skipped;
  return redirectWithFlash(request, backTo(request), { kind: "success", message: outcome.skipped ? "tools.import.appliedSome" : "tools.import.applied", values });
}

// ------------------------------------------------------------------------------ the download

/** GET /tools/export.csv — the picked services as CSV (UTF-8 with BOM, comma or semicolon), streamed. */
export async function csvExportLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:catalogue");
  const url = new URL(request.url);
  const db = getDb();
  const picked = await resolved(db, user, url);
  const t = await getT(request);
  const delimiter = csvDelimiter(url.searchParams.get("delimiter"));
  await recordActivity(db, {
    subjectType: "catalogue",
    subjectId: picked.catalogue?.id ?? null,
    event: "exported",
    causer: user,
    newValues: { services: picked.ids.length, format: "csv", scope: picked.selection.mode },
  });
  const date = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const title = picked.catalogue ? catalogueTitle(t, picked.catalogue) : t("tools.export.selectionName");
  return csvResponse(`${t("tools.export.fileName")} ${title} ${date}.csv`, csvExportStream(db, picked.ids, { delimiter, t, richTextAsHtml: url.searchParams.get("html") === "1" }));
}
