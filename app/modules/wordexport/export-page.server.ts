import type { Role } from "~/modules/access/roles";
import { readableStages } from "~/modules/service/service-stage";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { i18next, getLanguage, getT } from "~/i18n/i18next.server";
import { BROWSER_PATH, DEFAULT_QUERY, isFiltered, parseCatalogueQuery } from "~/modules/catalogue/catalogue-query";
import { getCurrentCatalogueId, isServiceAreaActive } from "~/modules/catalogue/catalogue.server";
import { idOr404 } from "~/server/ids.server";
import { parseCatalogueId } from "~/lib/ids";
import { recordActivity, type Executor } from "~/server/audit.server";
import { getDb } from "~/server/db/db.server";
import { redirectWithFlash } from "~/server/flash.server";
import { parseForm } from "~/server/form.server";
import { idList } from "~/ui/form/fields";
import { z } from "zod";
import { returnPath } from "~/server/return-to.server";
import { requireWordExport } from "./export-access.server";
import { loadExport, type ExportData, type ExportScope } from "./export-data.server";
import { buildExport, exportTitle } from "./export-document.server";
import { DOCX_MIME } from "./export";
import { refusal } from "~/server/refusal.server";
import { TooManyServicesError } from "~/server/errors.server";
import { htmlToPlainText, sanitizeRichText } from "~/server/sanitize.server";
import { RICH_FIELDS } from "~/modules/service/service-fields";
import { catalogueLanguages, serviceTranslations, shownLanguage, translationsOf } from "~/modules/translations/translations.server";
import { subjectTexts } from "~/modules/translations/subject-texts.server";
import { translatedFrame } from "~/modules/catalogframe/frame-read.server";
import { askedContentLanguage } from "~/modules/translations/content-language.server";

/**
 * The export URLs (issue 17 §5): GET /servicecatalog/export.docx (the current or the given
 * catalogue, narrowed by the browser's search and filter parameters), POST to the same address
 * (the browser's selection form: checked areas, categories and services), GET
 * /servicecatalog/service/:id/export.docx (one service). Each answers the file as an attachment,
 * 403 without the permission or licence (before any work), 404 for an unknown catalogue or
 * service, and each export is an audit activity.
 */

// One export at a time per server process: two large ones at once would double the memory.
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

const TRANSLITERATE: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", Ä: "Ae", Ö: "Oe", Ü: "Ue", ß: "ss" };

/** "Title 2026-11-25.docx": ASCII for old clients, the real name (RFC 5987) for the others. */
export function contentDisposition(title: string, now = new Date()): string {
  const date = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  // eslint-disable-next-line no-control-regex
  const base = title.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, " ").replace(/\s+/g, " ").trim().slice(0, 120) || "ServiceHub";
  const name = `${base} ${date}.docx`;
  const ascii = name
    .replace(/[äöüÄÖÜß]/g, (c) => TRANSLITERATE[c])
    .normalize("NFKD")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/["\\%;]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Who exported: an account, or a share link's visitor (no account; the activity names the link). */
export type Exporter = { id: number; name: string } | null;

async function answer(request: Request, data: ExportData, user: Exporter, subject: { type: "catalogue" | "service"; id: number }, extra: Record<string, unknown> = {}) {
  const t = await getT(request);
  const language = await i18next.getLocale(request);
  const chunks = await buildExport(data, { t, language });
  const size = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  await recordActivity(getDb(), {
    subjectType: subject.type,
    subjectId: subject.id,
    event: "exported",
    causer: user,
    newValues: { services: data.services.length, scope: data.scope === "catalogue" && data.filtered ? "filter" : data.scope, ...extra },
  });
  // The zip's pieces as they are: no second copy of the whole file.
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next < chunks.length) controller.enqueue(chunks[next++]);
      else controller.close();
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": DOCX_MIME,
      "Content-Disposition": contentDisposition(exportTitle(data, t)),
      "Content-Length": String(size),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The catalogue a request names (`catalogue=`), else the user's current one. */
export async function catalogueOf(request: Request, userId: number): Promise<number> {
  const raw = new URL(request.url).searchParams.get("catalogue");
  if (raw === null || raw.trim() === "") return getCurrentCatalogueId(getDb(), userId);
  const id = parseCatalogueId(raw.trim());
  if (id === null) throw refusal(404);
  return id;
}

/**
 * Refuses an export the user can fix (nothing selected, too many services): the page's own script
 * (which fetches the file, asking for JSON as the alternative) gets the message to show beside the
 * button; a browser without JS goes back to the page with it as a toast.
 */
function refuseExport(request: Request, back: string, message: string, values?: Record<string, number>) {
  if ((request.headers.get("Accept") ?? "").includes("application/json")) return Response.json({ message, values }, { status: 400 });
  return redirectWithFlash(request, back, { kind: "error", message, values });
}

/**
 * Runs an export of what `read` gives (the working copy's, or a release's: issue 35 §6/§7); nothing
 * to export is a 404, too many services are refused with a message. `extra` goes into the activity.
 */
export async function runExport(request: Request, read: () => Promise<ExportData | null>, user: Exporter, back: string, extra: Record<string, unknown> = {}) {
  try {
    return await oneAtATime(async () => {
      const data = await read();
      if (!data) throw refusal(404);
      const subject = data.scope === "service" && data.services[0] ? { type: "service" as const, id: data.services[0].id } : { type: "catalogue" as const, id: data.catalogue.id };
      return answer(request, data, user, subject, extra);
    });
  } catch (error) {
    // A share link's visitor has no session to carry a message: a plain refusal.
    if (error instanceof TooManyServicesError && user === null) throw refusal(413);
    if (error instanceof TooManyServicesError) return refuseExport(request, back, "wordexport.tooMany", { count: error.count, max: error.max });
    throw error;
  }
}

// A customer exports live services only (issue 36 §2), as they read them; in the content language
// they read (issue 37 §4: `?lang=`, else their interface language if the catalogue offers it).
const exportScope = (request: Request, scope: ExportScope, user: { id: number; name: string; role: Role }, back: string) =>
  runExport(
    request,
    async () => {
      const data = await loadExport(getDb(), scope, undefined, readableStages(user));
      return data && inContentLanguage(getDb(), data, request);
    },
    user,
    back,
  );

/** The services' names and rich texts in the content language read, where translated; sanitised as on the page. */
async function inContentLanguage(db: Executor, data: ExportData, request: Request): Promise<ExportData> {
  const languages = await catalogueLanguages(db, data.catalogue.id);
  const language = shownLanguage(languages, await askedContentLanguage(request), await getLanguage(request));
  if (language === languages.primary) return data;
  const fields = ["name", ...RICH_FIELDS] as const;
  const [translated, frameTexts, catalogueTexts, areaTexts, categoryTexts] = await Promise.all([
    serviceTranslations(
      db,
      data.services.map((s) => s.id),
      language,
      fields,
    ),
    data.frame ? subjectTexts(db, "frame", data.catalogue.id, language) : Promise.resolve({} as Record<string, string>),
    subjectTexts(db, "catalogue", data.catalogue.id, language),
    translationsOf(db, "area", data.areas.map((a) => a.id)),
    translationsOf(db, "category", data.categories.map((c) => c.id)),
  ]);
  // Areas and categories: name and description where translated.
  const structure = <T extends { id: number; name: string; description: string | null }>(row: T, all: Awaited<ReturnType<typeof translationsOf>>): T => {
    const own = all.get(row.id)?.[language];
    if (!own) return row;
    return { ...row, name: own.name ? htmlToPlainText(own.name.value) : row.name, description: own.description ? sanitizeRichText(own.description.value) : row.description };
  };
  return {
    ...data,
    catalogue: { ...data.catalogue, title: catalogueTexts.title ?? data.catalogue.title, frameTitle: frameTexts.title ?? data.catalogue.frameTitle },
    frame: data.frame ? translatedFrame(data.frame, frameTexts) : null,
    areas: data.areas.map((a) => structure(a, areaTexts)),
    categories: data.categories.map((c) => structure(c, categoryTexts)),
    services: data.services.map((service) => {
      const own = translated.get(service.id);
      if (!own) return service;
      const next = { ...service };
      if (own.name) next.name = htmlToPlainText(own.name);
      for (const field of RICH_FIELDS) if (own[field]) next[field] = sanitizeRichText(own[field]);
      return next;
    }),
  };
}

/** GET /servicecatalog/export.docx — the catalogue, or what the browser's search and filters show of it. */
export async function catalogueExportLoader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireWordExport(request, db);
  const catalogueId = await catalogueOf(request, user.id);
  const query = parseCatalogueQuery(new URL(request.url).searchParams);
  // As in the browser: with the area level switched off, an area filter does not apply.
  const filter = (await isServiceAreaActive(db)) ? query : { ...query, areas: DEFAULT_QUERY.areas };
  return exportScope(request, { kind: "catalogue", catalogueId, filter: isFiltered(filter) ? filter : null }, user, BROWSER_PATH);
}

/** The browser's selection form (it posts its other fields too: only the checked records count). */
const SelectionSchema = z.object({ area: idList(), category: idList(), service: idList() });

/** POST /servicecatalog/export.docx — the checked areas, categories and services of the browser's selection form. */
export async function selectionExportAction({ request }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireWordExport(request, db);
  const catalogueId = await catalogueOf(request, user.id);
  const { submission } = await parseForm(request, SelectionSchema);
  const back = returnPath(request, BROWSER_PATH);
  // A checked box that is no id is a broken form: refused like an empty selection, never a 500.
  if (submission.status !== "success") return refuseExport(request, back, "validation.invalidChoice");
  const selection = { areas: submission.value.area, categories: submission.value.category, services: submission.value.service };
  if (!selection.areas.length && !selection.categories.length && !selection.services.length) {
    return refuseExport(request, back, "wordexport.emptySelection");
  }
  return exportScope(request, { kind: "selection", catalogueId, ...selection }, user, back);
}

/** GET /servicecatalog/service/:id/export.docx — one service. */
export async function serviceExportLoader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireWordExport(request, db);
  const serviceId = idOr404(params.id);
  return exportScope(request, { kind: "service", serviceId }, user, `/servicecatalog/service/${serviceId}`);
}
