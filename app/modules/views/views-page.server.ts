import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requirePermission } from "~/modules/access/policy.server";
import { forbid } from "~/modules/access/session.server";
import { readView } from "~/modules/catalogue/browser-state.server";
import { getCurrentCatalogueId, setCurrentCatalogue } from "~/modules/catalogue/catalogue.server";
import { BROWSER_PATH, parseCatalogueQuery } from "~/modules/catalogue/catalogue-query";
import { getDb } from "~/server/db/db.server";
import { NotFoundError } from "~/server/errors.server";
import { redirectWithFlash } from "~/server/flash.server";
import { answerDomainError, commonRefusal, parseForm, refuse, refuseForm } from "~/server/form.server";
import { formVersion, readFormData } from "~/server/request-body.server";
import { ViewFormSchema } from "./views-schema";
import { browserHref, stateFromQuery } from "./views-state";
import { createView, deleteView, getView, listViews, mayShareViews, updateView } from "./views.server";
import { idOr404 } from "~/server/ids.server";

/**
 * Loaders and actions of /views (the list), its dialogs (/views/:id/edit, /views/:id/delete),
 * opening a view (/views/:id/open) and the browser's "save this view" dialog
 * (/servicecatalog/save-view). Everyone who reads the catalogue; the model decides per view.
 */

export const VIEWS_PATH = "/views";
const STALE = { stale: "views.errors.stale" };

/** Not found → 404, forbidden → 403 (thrown), anything else rethrown. */
async function orRefused<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    commonRefusal(error, STALE);
    throw error;
  }
}

/** A view the user may rename and delete; another's shared view without the right → /unauthorized (GET) or 403. */
async function manageableView(request: Request, rawId: string | undefined) {
  const user = await requirePermission(request, "read:catalogue");
  const view = await orRefused(() => getView(getDb(), idOr404(rawId), user));
  if (!view.canManage) forbid(request);
  return { user, view };
}

export async function viewsLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:catalogue");
  const views = await listViews(getDb(), user);
  return { views: views.map(({ state, ...view }) => ({ ...view, state, href: browserHref(state) })) };
}

// ------------------------------------------------------------------------------------ save (browser)

/** The browser state the dialog saves: its URL's (the browser's own parameters), the view mode as the browser shows it. */
async function stateOf(request: Request) {
  const query = parseCatalogueQuery(new URL(request.url).searchParams);
  return stateFromQuery(query, query.view ?? (await readView(request)) ?? 0);
}

/** The browser under the dialog, exactly as it was (tree nodes and zoom included). */
function browserBehind(request: Request) {
  return `${BROWSER_PATH}${new URL(request.url).search}`;
}

export async function saveViewLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:catalogue");
  return { state: await stateOf(request), back: browserBehind(request), canShare: mayShareViews(user) };
}

export async function saveViewAction({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "read:catalogue");
  const { submission } = await parseForm(request, ViewFormSchema);
  if (submission.status !== "success") return refuse(submission);
  const state = await stateOf(request);
  const db = getDb();
  const { name, shared = false } = submission.value;
  try {
    await createView(db, { name, shared, state, catalogueId: await getCurrentCatalogueId(db, user.id) }, user);
  } catch (error) {
    return answerDomainError(error, submission, STALE);
  }
  return redirectWithFlash(request, browserBehind(request), { kind: "success", message: "views.save.saved", values: { name } });
}

// ------------------------------------------------------------------------------------ open

/** GET has nothing to show: the list is where views are opened. */
export function openViewLoader() {
  return redirect(VIEWS_PATH);
}

/**
 * Opens a view: its catalogue becomes the current one (a POST, like the browser's catalogue
 * picker), then the browser shows the saved state. A view whose catalogue is gone opens in the current one.
 */
export async function openViewAction({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "read:catalogue");
  const db = getDb();
  const view = await orRefused(() => getView(db, idOr404(params.id), user));
  await readFormData(request); // a form post (its button) and nothing else: 415/400 otherwise
  if (view.catalogueId !== null && view.catalogueId !== (await getCurrentCatalogueId(db, user.id))) {
    try {
      await setCurrentCatalogue(db, user.id, view.catalogueId);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
  }
  return redirect(browserHref(view.state));
}

// ------------------------------------------------------------------------------------ edit

export async function editViewLoader({ request, params }: LoaderFunctionArgs) {
  const { view } = await manageableView(request, params.id);
  return { view: { id: view.id, name: view.name, shared: view.shared, canShare: view.canShare, mine: view.mine, ownerName: view.ownerName, updatedAt: view.updatedAt } };
}

export async function editViewAction({ request, params }: ActionFunctionArgs) {
  const { user, view } = await manageableView(request, params.id);
  const { form, submission } = await parseForm(request, ViewFormSchema);
  if (submission.status !== "success") return refuse(submission);
  const { name, shared } = submission.value;
  let changed = false;
  try {
    // The owner who may share sees the checkbox: unticked means personal. Others keep the sharing
    // as it is; one who posts "shared" anyway is refused by the model (403).
    changed = await updateView(getDb(), view.id, { name, shared: view.canShare ? Boolean(shared) : shared }, formVersion(form), user);
  } catch (error) {
    return answerDomainError(error, submission, STALE);
  }
  return redirectWithFlash(request, VIEWS_PATH, changed ? { kind: "success", message: "views.edit.updated", values: { name } } : { kind: "info", message: "views.edit.unchanged" });
}

// ------------------------------------------------------------------------------------ delete

export async function deleteViewLoader({ request, params }: LoaderFunctionArgs) {
  const { view } = await manageableView(request, params.id);
  return { view: { id: view.id, name: view.name, shared: view.shared, mine: view.mine, ownerName: view.ownerName } };
}

export async function deleteViewAction({ request, params }: ActionFunctionArgs) {
  const { user, view } = await manageableView(request, params.id);
  await readFormData(request); // the confirmation is a form post: anything else is refused before deleting
  try {
    await deleteView(getDb(), view.id, user);
  } catch (error) {
    const refusal = commonRefusal(error, STALE);
    if (!refusal) throw error;
    return refuseForm(refusal.errors, refusal.status);
  }
  return redirectWithFlash(request, VIEWS_PATH, { kind: "success", message: "views.delete.deleted", values: { name: view.name } });
}
