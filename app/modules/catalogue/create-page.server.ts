import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { userHasPermission } from "~/modules/access/policy";
import { requirePermission } from "~/modules/access/policy.server";
import { createService } from "~/modules/service/service.server";
import { getDb } from "~/server/db/db.server";
import { NotFoundError, ValidationError } from "~/server/errors.server";
import { redirectWithFlash } from "~/server/flash.server";
import { parseForm, refuse } from "~/server/form.server";
import { getCurrentCatalogueId, isServiceAreaActive } from "./catalogue.server";
import { CREATE_TYPES, CreateSchema, optionalId, type CreateType } from "./create-schema";
import { createArea, createCategory } from "./structure.server";

const ERROR_KEYS: Record<CreateType, string> = {
  area: "catalogue.createMenu.errorArea",
  category: "catalogue.createMenu.errorCategory",
  service: "catalogue.createMenu.errorService",
};

/** /servicecatalog/new?type= — the chosen kind's form with the current catalogue's areas or categories. */
export async function createMenuLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "manage:structure");
  const url = new URL(request.url);
  const raw = url.searchParams.get("type");
  const db = getDb();
  const areaActive = await isServiceAreaActive(db);
  const type = (CREATE_TYPES as readonly string[]).includes(raw ?? "") && !(raw === "area" && !areaActive) ? (raw as CreateType) : null;
  const catalogueId = await getCurrentCatalogueId(db, user.id);
  let categories: { id: number; name: string }[] = [];
  let areas: { id: number; name: string }[] = [];
  let loadError: string | null = null;
  try {
    if (type === "service")
      categories = await db.selectFrom("service_categories").select(["id", "name"]).where("service_catalogue_id", "=", catalogueId).orderBy("name").execute();
    if (type === "category" && areaActive)
      areas = await db.selectFrom("service_areas").select(["id", "name"]).where("service_catalogue_id", "=", catalogueId).orderBy("name").execute();
  } catch (error) {
    console.error(error);
    loadError = "catalogue.createMenu.errorFetchingCategories";
  }
  // An empty category's or area's "create" link names where the new service or category goes.
  const preset = { category: url.searchParams.get("category") ?? "", area: url.searchParams.get("area") ?? "" };
  // The AI assistant drafts new services too (issue 19 §2): its entry for those who may use it.
  return { type, areaActive, categories, areas, loadError, preset, canUseAi: userHasPermission(user, "use:ai") };
}

/** Creates the chosen kind in the current catalogue and opens its page. */
export async function createMenuAction({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "manage:structure");
  const { submission } = await parseForm(request, CreateSchema);
  if (submission.status !== "success") return refuse(submission);
  const { type, name } = submission.value;
  const db = getDb();
  try {
    const catalogueId = await getCurrentCatalogueId(db, user.id);
    if (type === "area") {
      const id = await createArea(db, { name, catalogueId }, user);
      return redirectWithFlash(request, `/servicecatalog/area/${id}`, { kind: "success", message: "catalogue.createMenu.areaCreated" });
    }
    if (type === "category") {
      const areaId = (await isServiceAreaActive(db)) ? optionalId(submission.value.area) : null;
      const id = await createCategory(db, { name, catalogueId, areaId }, user);
      return redirectWithFlash(request, `/servicecatalog/category/${id}`, { kind: "success", message: "catalogue.createMenu.categoryCreated" });
    }
    const id = await createService(db, { name, categoryId: optionalId(submission.value.category)! }, user);
    return redirectWithFlash(request, `/servicecatalog/service/${id}`, { kind: "success", message: "catalogue.createMenu.serviceCreated" });
  } catch (error) {
    if (error instanceof ValidationError) {
      const fields: Record<string, string> = {};
      for (const [field, message] of Object.entries(error.errors)) if (message) fields[field === "areaId" ? "area" : field] = message;
      return refuse(submission, { fields });
    }
    if (error instanceof NotFoundError) return refuse(submission, { fields: { category: "catalogue.createMenu.categoryRequired" } });
    console.error(error);
    return refuse(submission, { form: ERROR_KEYS[type] }, 500);
  }
}
