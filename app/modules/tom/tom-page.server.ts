import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/modules/access/session.server";
import type { Causer } from "~/server/audit.server";
import { getDb } from "~/server/db/db.server";
import { ValidationError } from "~/server/errors.server";
import { redirectWithFlash } from "~/server/flash.server";
import { parseForm, refuse, refuseForm } from "~/server/form.server";
import { returnPath } from "~/server/return-to.server";
import { UPLOAD_ERRORS, isMultipart, parseFileUpload } from "~/server/upload.server";
import { TOM_ENTRY_PATH, TOM_FILENAME, TOM_MAX_BYTES, mayReplaceTom, type TomDocumentInfo } from "./tom";
import { TOM_FIELDS, TomRestoreSchema } from "./tom-schema";
import { TOM_ERRORS, ensureTomDocument, readTomPdf, restoreGeneratedTom, saveUploadedTom } from "./tom.server";
import { refusal } from "~/server/refusal.server";

/** /settings/tom — every signed-in user sees the document; superadmins may replace it. */
export async function tomLoader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  let document: TomDocumentInfo | null = null;
  let loadError: string | null = null;
  try {
    document = await ensureTomDocument(getDb());
  } catch (error) {
    // The entry still shows (with the download link); the viewer itself then reports the failure.
    console.error(error);
    loadError = "tom.errors.loadFailed";
  }
  return { document, loadError, canReplace: mayReplaceTom(user), maxBytes: TOM_MAX_BYTES };
}

export type TomPanelData = Awaited<ReturnType<typeof tomLoader>>;

const UPLOAD_KEYS: Record<string, string> = {
  [UPLOAD_ERRORS.tooLarge]: TOM_ERRORS.tooLarge,
  [UPLOAD_ERRORS.required]: TOM_ERRORS.required,
  [UPLOAD_ERRORS.empty]: TOM_ERRORS.required,
  [UPLOAD_ERRORS.malformed]: TOM_ERRORS.malformed,
};

async function upload(request: Request, causer: Causer) {
  const refused = (field: string | undefined, status = 400) =>
    refuseForm({ form: "tom.errors.uploadFailed", fields: { [TOM_FIELDS.file]: field } }, status, { target: "upload" });
  const parsed = await parseFileUpload(request, { field: TOM_FIELDS.file, maxBytes: TOM_MAX_BYTES, required: true });
  if (!parsed.ok) return refused(UPLOAD_KEYS[parsed.errors[TOM_FIELDS.file] ?? ""] ?? TOM_ERRORS.malformed);
  try {
    await saveUploadedTom(getDb(), parsed.file!, causer);
  } catch (error) {
    if (error instanceof ValidationError) return refused(error.errors.file);
    console.error(error);
    return refused(undefined, 500);
  }
  return redirectWithFlash(request, returnPath(request, TOM_ENTRY_PATH), { kind: "success", message: "tom.flash.uploaded" });
}

/** The upload (multipart) and "restore the generated document": superadmins only, anyone else 403 before the body is read. */
export async function tomAction({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  if (!mayReplaceTom(user)) throw refusal(403);
  const causer = { id: user.id, name: user.name };
  if (isMultipart(request)) return upload(request, causer);
  const { submission } = await parseForm(request, TomRestoreSchema);
  if (submission.status !== "success") return refuse(submission, { form: "errors.badRequest" }, 400, { target: "restore" });
  try {
    await restoreGeneratedTom(getDb(), causer);
  } catch (error) {
    console.error(error);
    return refuseForm({ form: "tom.errors.restoreFailed" }, 500, { target: "restore" });
  }
  return redirectWithFlash(request, returnPath(request, TOM_ENTRY_PATH), { kind: "success", message: "tom.flash.restored" });
}

/**
 * /tom.pdf — the document for any signed-in user: inline for the viewer (the server lets our own
 * pages frame this one response), `?download=1` as an attachment. Private and revalidated by ETag.
 */
export async function tomPdfLoader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const { info, bytes } = await readTomPdf(getDb());
  const etag = `"${info.sha256.slice(0, 32)}"`;
  const download = new URL(request.url).searchParams.get("download") === "1";
  const headers = new Headers({
    ETag: etag,
    "Cache-Control": "private, no-cache",
    "Content-Disposition": `${download ? "attachment" : "inline"}; filename="${TOM_FILENAME}"`,
    "X-Content-Type-Options": "nosniff",
  });
  const tags = (request.headers.get("If-None-Match") ?? "").split(",").map((t) => t.trim().replace(/^W\//, ""));
  if (tags.includes(etag) || tags.includes("*")) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", "application/pdf");
  headers.set("Content-Length", String(bytes.length));
  return new Response(new Uint8Array(bytes), { status: 200, headers });
}
