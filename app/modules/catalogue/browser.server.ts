import type { Executor } from "~/server/audit.server";
import { requirePermission } from "~/modules/access/policy.server";
import { readableStages } from "~/modules/service/service-stage";
import { userHasPermission } from "~/modules/access/policy";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { getDb } from "~/server/db/db.server";
import { readLastVisited, readView, writeView } from "~/modules/catalogue/browser-state.server";
import {
  JUMP_VIEWS,
  MAP_SERVICES_PER_CATEGORY,
  TREE_EXPAND_ALL_PER_CATEGORY,
  TREE_SERVICES_PER_CATEGORY,
  isFiltered,
  parseCatalogueQuery,
  parseView,
  type CatalogueQuery,
} from "~/modules/catalogue/catalogue-query";
import { flashHeader, redirectWithFlash } from "~/server/flash.server";
import { dispatchIntent, refuse, refuseForm, validateForm } from "~/server/form.server";
import { NewCatalogueSchema } from "./catalogue-schemas";
import { idField, idList } from "~/ui/form/fields";
import { parseCatalogueId } from "~/lib/ids";
import { readSidebarPrefs } from "~/server/prefs.server";
import type { SessionUser } from "~/modules/access/user.server";
import {
  EmptySelectionError,
  createCatalogue,
  catalogueCounts,
  getCurrentCatalogueId,
  isServiceAreaActive,
  listCatalogueNames,
  moveSelectionToCatalogue,
  setCurrentCatalogue,
} from "~/modules/catalogue/catalogue.server";
import { catalogueLanguages, shownLanguage, translatedNames } from "~/modules/translations/translations.server";
import { translatedSubjectNames } from "~/modules/translations/subject-texts.server";
import { getLanguage } from "~/i18n/i18next.server";
import { UNCATEGORISED, catalogueStructure, countsFromStructure, filterOptions, namedStructure, servicesByCategory } from "~/modules/catalogue/catalogue-view.server";
import { CrossCatalogueMoveError, ForbiddenError, NotFoundError } from "~/server/errors.server";
import { editScope } from "~/modules/access/permissions.server";
import { moveService } from "~/modules/service/service-order.server";
import { categoryCounts, searchServices, serviceFilterConditions } from "~/modules/catalogue/service-search.server";
import { readFormData } from "~/server/request-body.server";
import { mayExportWord } from "~/modules/wordexport/export-access.server";
import { mapFrameHeader } from "~/modules/catalogframe/frame-page.server";
import { didYouMean } from "./did-you-mean.server";
import { refusal } from "~/server/refusal.server";
import { askedContentLanguage } from "~/modules/translations/content-language.server";


/** The browser page's data for the chosen view; one query per concern, never per row. */
export async function browserLoader(request: Request) {
  const user = await requirePermission(request, "read:catalogue");
  const url = new URL(request.url);
  const rawView = parseView(url.searchParams.get("view"));
  if (rawView !== null && rawView in JUMP_VIEWS) {
    const kind = JUMP_VIEWS[rawView as keyof typeof JUMP_VIEWS];
    const last = (await readLastVisited(request))[kind];
    throw redirect(last ? `/servicecatalog/${kind}/${last}` : "/servicecatalog");
  }
  // A link into a catalogue (from a report): make it the current one, then show the same URL without it.
  if (url.searchParams.has("catalogue")) throw await openCatalogueLink(request, url, user);
  const query = parseCatalogueQuery(url.searchParams);
  const remembered = await readView(request);
  const view = query.view ?? remembered ?? 0;
  const db = getDb();
  const catalogueId = await getCurrentCatalogueId(db, user.id);
  const [catalogues, areaActive, prefs, baseOptions, scope, canExport, languages] = await Promise.all([
    listCatalogueNames(db),
    isServiceAreaActive(db),
    readSidebarPrefs(request),
    filterOptions(db),
    editScope(db, user),
    mayExportWord(db, user),
    catalogueLanguages(db, catalogueId),
  ]);
  // The catalogue's further content languages: the translation filter offers them (issue 37 §5).
  const options = { ...baseOptions, languages: languages.further };
  // What the reader asked for (the page shows it), and what the SQL applies: a customer reads live
  // services only (issue 36 §2), whatever the link asks for, without that counting as their filter.
  const shown: CatalogueQuery = areaActive ? query : { ...query, areas: [] };
  const stages = readableStages(user);
  const filter: CatalogueQuery = stages ? { ...shown, stages: [...stages] } : shown;
  const where = await serviceFilterConditions(db, catalogueId, filter);
  const counts = await categoryCounts(db, catalogueId, filter, where);
  const untranslatedStructure = await catalogueStructure(db, catalogueId, filter, counts);
  // Unfiltered, the structure's counts are the catalogue's: no second count of its services.
  const unfiltered = !isFiltered(shown);
  const reading = shownLanguage(languages, await askedContentLanguage(request), await getLanguage(request));
  // Area and category names in the reader's language where translated (issue 37 §1).
  const structure = reading === languages.primary ? untranslatedStructure : await translatedStructure(db, untranslatedStructure, reading);
  const catalogueSize = unfiltered ? countsFromStructure(structure, counts) : await catalogueCounts(db, catalogueId);
  let list = null;
  let named = null;
  let chips: Record<number, Awaited<ReturnType<typeof servicesByCategory>> extends Map<number, infer V> ? V : never> = {};
  // The map shows the catalogue's cover sheet on top (issue 17 §4).
  const frame = view === 3 ? await mapFrameHeader(db, catalogueId) : null;
  if (view === 0) {
    // Unfiltered, the page derives the panels from the structure (namedFromStructure).
    [list, named] = await Promise.all([searchServices(db, catalogueId, filter, { counts, where }), unfiltered ? null : namedStructure(db, catalogueId, query.q)]);
  } else {
    const withMatches = [...structure.categories.filter((c) => c.count > 0).map((c) => c.id), ...(structure.uncategorised ? [UNCATEGORISED] : [])];
    const wanted = view === 3 || filter.expandAll ? withMatches : withMatches.filter((id) => filter.open.includes(id));
    const perCategory = view === 3 ? MAP_SERVICES_PER_CATEGORY : filter.expandAll ? TREE_EXPAND_ALL_PER_CATEGORY : TREE_SERVICES_PER_CATEGORY;
    chips = Object.fromEntries(await servicesByCategory(db, catalogueId, filter, wanted, perCategory, where));
  }
  // A search that found nothing says so in every view, with the closest name word when there is one (issue 32 §11).
  const hits = [...counts.values()].reduce((sum, n) => sum + n, 0);
  const suggestion = !unfiltered && hits === 0 && filter.q ? await didYouMean(db, catalogueId, filter.q) : null;
  // Names in the reader's language where translated (issue 37 §4); the rest marked as the original's.
  const shownIds = [...(list?.rows.map((r) => r.id) ?? []), ...Object.values(chips).flatMap((rows) => rows.map((r) => r.id))];
  const { names, untranslated } = await translatedNames(db, shownIds, reading === languages.primary ? null : reading);
  const named_ = <T extends { id: number; name: string }>(row: T): T => (names.has(row.id) ? { ...row, name: names.get(row.id)! } : row);
  if (names.size) {
    if (list) list = { ...list, rows: list.rows.map(named_) };
    chips = Object.fromEntries(Object.entries(chips).map(([key, rows]) => [key, rows.map(named_)]));
  }
  const headers = new Headers();
  if (query.view !== null && query.view !== remembered) headers.append("Set-Cookie", await writeView(request, query.view));
  return data(
    {
      view,
      query: shown,
      catalogueId,
      catalogues,
      catalogueSize,
      areaActive,
      subviews: prefs.subviews,
      options,
      structure,
      hits,
      suggestion,
      // Only what a row shows; its category's and area's names are in the structure.
      list: list && { ...list, rows: list.rows.map(({ id, name, status, statuspercent, servicetype, category_id, updated_at }) => ({ id, name, status, statuspercent, servicetype, category_id, updated_at })) },
      // Shown names still in the original language (a further one is read): the list marks them.
      untranslated: untranslated.size ? { language: languages.primary, ids: [...untranslated] } : null,
      named,
      chips,
      canStructure: userHasPermission(user, "manage:structure"),
      canCreateCatalogue: userHasPermission(user, "access:admin"),
      canExport,
      scope,
      frame,
    },
    { headers },
  );
}

/** The structure with its areas' and categories' names in `language` where translated. */
async function translatedStructure(db: Executor, structure: Awaited<ReturnType<typeof catalogueStructure>>, language: string) {
  const [areas, categories] = await Promise.all([
    translatedSubjectNames(db, "area", structure.areas.map((a) => a.id), language),
    translatedSubjectNames(db, "category", structure.categories.map((c) => c.id), language),
  ]);
  if (!areas.size && !categories.size) return structure;
  return {
    ...structure,
    areas: structure.areas.map((a) => (areas.has(a.id) ? { ...a, name: areas.get(a.id)! } : a)),
    categories: structure.categories.map((c) => (categories.has(c.id) ? { ...c, name: categories.get(c.id)! } : c)),
  };
}

/**
 * `?catalogue=<id>` on a browser link (docs/decisions/0035): the reports link every figure to the
 * filtered browser of the catalogue they describe, which need not be the user's current one.
 * Like picking it in the browser, it becomes the current catalogue (a preference, not audited).
 */
async function openCatalogueLink(request: Request, url: URL, user: SessionUser) {
  const id = Number(url.searchParams.get("catalogue"));
  url.searchParams.delete("catalogue");
  const target = `${url.pathname}${url.search}`;
  try {
    if (!Number.isSafeInteger(id)) throw new NotFoundError("catalogue");
    await setCurrentCatalogue(getDb(), user.id, id);
  } catch (error) {
    if (error instanceof NotFoundError) return redirectWithFlash(request, target, { kind: "error", message: "catalogue.notFound" });
    throw error;
  }
  return redirect(target);
}

const MoveSchema = z.object({
  service: idField(),
  category: idField(),
  index: z.coerce.number().int().min(0).max(1_000_000),
});
/** The batch move: the checked areas, categories and services, and the catalogue they go to. */
const BatchSchema = z.object({
  target: z
    .string({ error: "catalogue.batch.noTarget" })
    .trim()
    .refine((v) => parseCatalogueId(v) !== null, { error: "catalogue.batch.noTarget" })
    .transform((v) => parseCatalogueId(v)!),
  area: idList(),
  category: idList(),
  service: idList(),
});
const CatalogueSchema = z.object({ catalogue: z.coerce.number().int() });
const SELECTION_FIELDS = ["area", "category", "service"] as const;

/** The page the form was on, without one-off state: after a move its "move to" form is closed. */
function backTo(request: Request) {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  url.searchParams.delete("move");
  return url.pathname + url.search;
}

/** Intents of the browser page: pick/create a catalogue, move a service, move a selection. */
export async function browserAction(request: Request) {
  const user = await requirePermission(request, "read:catalogue");
  const form = await readFormData(request);
  const db = getDb();
  return dispatchIntent(form.get("intent"), {
    catalogue: async () => {
      const submission = validateForm(form, CatalogueSchema);
      try {
        if (submission.status !== "success") throw new NotFoundError("catalogue");
        await setCurrentCatalogue(db, user.id, submission.value.catalogue);
      } catch (error) {
        if (error instanceof NotFoundError) return redirectWithFlash(request, "/servicecatalog", { kind: "error", message: "catalogue.notFound" });
        throw error;
      }
      return redirectWithFlash(request, "/servicecatalog", { kind: "info", message: "catalogue.switched" });
    },
    createCatalogue: async () => {
      if (!userHasPermission(user, "access:admin")) throw refusal(403);
      const submission = validateForm(form, NewCatalogueSchema);
      if (submission.status !== "success") return refuse(submission, {}, 400, { target: "createCatalogue" });
      const id = await createCatalogue(db, submission.value.title, user);
      await setCurrentCatalogue(db, user.id, id);
      return redirectWithFlash(request, "/servicecatalog", { kind: "success", message: "catalogue.created" });
    },
    move: () => moveAction(request, form, user),
    batch: async () => {
      if (!userHasPermission(user, "manage:structure")) throw refusal(403);
      const submission = validateForm(form, BatchSchema);
      const refused = (fields: Record<string, string | undefined>) => refuseForm({ fields }, 400, { target: "batch" });
      if (submission.status !== "success") {
        // The page shows a refusal beside the target and above the selection; a checked box that is no id is a broken form.
        const error = submission.error ?? {};
        // conform names an element's error by its path: "service[1]".
        const badSelection = Object.keys(error).some((path) => SELECTION_FIELDS.some((name) => path === name || path.startsWith(`${name}[`)));
        return refused({ target: error.target?.[0], selection: badSelection ? "validation.invalidChoice" : undefined });
      }
      const { target, area, category, service } = submission.value;
      try {
        const moved = await moveSelectionToCatalogue(db, { areas: area, categories: category, services: service }, target, user);
        return redirectWithFlash(request, backTo(request), { kind: "success", message: "catalogue.batch.moved", values: { count: moved } });
      } catch (error) {
        if (error instanceof EmptySelectionError) return refused({ selection: "catalogue.batch.emptySelection" });
        if (error instanceof NotFoundError) return refused({ target: "catalogue.notFound" });
        throw error;
      }
    },
  });
}

async function moveAction(request: Request, form: FormData, user: SessionUser) {
  // Role first: a role that edits no service is refused whatever it sends; grants are the model's.
  if (!userHasPermission(user, "update:service")) throw refusal(403);
  const submission = validateForm(form, MoveSchema);
  if (submission.status !== "success") return refuseForm({ form: "errors.badRequest" }, 400, { target: "move" });
  const { service, category, index } = submission.value;
  try {
    // The model checks the user's grants for the service and the target category.
    await moveService(getDb(), service, category, index, user);
  } catch (error) {
    if (error instanceof NotFoundError) throw refusal(404);
    if (error instanceof ForbiddenError) throw refusal(403);
    if (error instanceof CrossCatalogueMoveError) return refuseForm({ form: "errors.badRequest" }, 400, { target: "move" });
    throw error;
  }
  // A fetcher (drag and drop) stays on the page; a plain form post returns to the same view.
  if (form.get("fetcher") === "1") {
    return data({ status: "success" as const, target: "move" }, { headers: { "Set-Cookie": await flashHeader(request, { kind: "success", message: "catalogue.move.moved" }) } });
  }
  return redirectWithFlash(request, backTo(request), { kind: "success", message: "catalogue.move.moved" });
}
