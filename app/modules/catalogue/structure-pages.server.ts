import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { userHasPermission } from "~/modules/access/policy";
import { requireUser } from "~/modules/access/session.server";
import { getDb } from "~/server/db/db.server";
import { writeLastVisited } from "./browser-state.server";
import { getCatalogue, isServiceAreaActive } from "./catalogue.server";
import { notFound, structureAction } from "./structure-page.server";
import { getArea, getCategory, listAreaOptions } from "./structure.server";
import { idOr404 } from "~/server/ids.server";
import { readableStages } from "~/modules/service/service-stage";
import { catalogueLanguages } from "~/modules/translations/translations.server";

/** /servicecatalog/area/:id — an area with its categories; keyusers and above also edit it here. */
export async function areaPageLoader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idOr404(params.id);
  const db = getDb();
  // With the area level switched off, areas do not exist for the reader.
  if (!(await isServiceAreaActive(db))) notFound();
  const area = await getArea(db, id);
  if (!area) notFound();
  const canManage = userHasPermission(user, "manage:structure");
  const confirmDelete = canManage && new URL(request.url).searchParams.get("confirm") === "delete";
  // Remembered for view modes 4/5/6 of the browser ("open the last visited area").
  // The breadcrumb starts with the area's catalogue, as on every page below the browser.
  const catalogue = area.service_catalogue_id == null ? null : ((await getCatalogue(db, area.service_catalogue_id)) ?? null);
  // Its name and description in the catalogue's further languages (issue 37): edited on their own page.
  const translatable = canManage && (await catalogueLanguages(db, area.service_catalogue_id)).further.length > 0;
  return data({ area, catalogue, canManage, confirmDelete, translatable }, { headers: { "Set-Cookie": await writeLastVisited(request, "area", id) } });
}

export const areaPageAction = ({ request, params }: ActionFunctionArgs) => structureAction(request, "area", params.id);

/** /servicecatalog/category/:id — a category with its services; keyusers and above also edit it here. */
export async function categoryPageLoader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idOr404(params.id);
  const db = getDb();
  const found = await getCategory(db, id);
  if (!found) notFound();
  // With the area level switched off, the category's area is neither shown nor offered.
  const areaLevel = await isServiceAreaActive(db);
  const stages = readableStages(user);
  // A customer reads live services only (issue 36 §2).
  const visible = stages ? { ...found, services: found.services.filter((s) => stages.includes(s.stage)) } : found;
  const category = areaLevel ? visible : { ...visible, area: null };
  const canManage = userHasPermission(user, "manage:structure");
  const [areaOptions, catalogue] = await Promise.all([
    canManage && areaLevel ? listAreaOptions(db, category.service_catalogue_id) : null,
    category.service_catalogue_id == null ? null : getCatalogue(db, category.service_catalogue_id).then((c) => c ?? null),
  ]);
  const confirmDelete = canManage && new URL(request.url).searchParams.get("confirm") === "delete";
  // Remembered for view modes 4/5/6 of the browser ("open the last visited category").
  const translatable = canManage && (await catalogueLanguages(db, category.service_catalogue_id)).further.length > 0;
  return data({ category, catalogue, canManage, confirmDelete, areaOptions, translatable }, { headers: { "Set-Cookie": await writeLastVisited(request, "category", id) } });
}

export const categoryPageAction = ({ request, params }: ActionFunctionArgs) => structureAction(request, "category", params.id);
