import { requirePermission } from "~/modules/access/policy.server";
import { data } from "@remix-run/node";
import { getDb } from "~/server/db/db.server";
import { redirectWithFlash } from "~/server/flash.server";
import { parseFormData } from "~/ui/forms";
import { isMultipart, parseImageUpload } from "~/server/upload.server";
import { NotFoundError, StaleRecordError } from "~/server/errors.server";
import {
  HasChildrenError,
  StructureValidationError,
  deleteArea,
  deleteCategory,
  editSchema,
  getCategory,
  setAreaImage,
  setCategoryImage,
  updateArea,
  updateCategory,
} from "~/modules/catalogue/structure.server";
import { isServiceAreaActive } from "~/modules/catalogue/catalogue.server";
import { pagePath, type StaleState, type StructureActionData, type StructureKind } from "./structure-types";
import { formVersion, readFormData } from "~/server/request-body.server";

/**
 * The action shared by the area and the category page: authorize, read the form (multipart for
 * the image upload, urlencoded otherwise), dispatch on `intent`, call the model, and answer with
 * a redirect and a toast, or a 400/409 the page shows beside the form.
 */

/** Route ids are positive integers written in digits; anything else is a 404. */
export function idOr404(raw: string | undefined): number {
  const id = raw && /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response("Not Found", { status: 404 });
  return id;
}

export function notFound(): never {
  throw new Response("Not Found", { status: 404 });
}

function failure(payload: StructureActionData, status: number) {
  return data<StructureActionData>(payload, { status });
}

async function staleState(kind: StructureKind, error: StaleRecordError): Promise<StaleState> {
  const current = error.current as { name: string; description: string | null; updated_at: string; service_area_id?: number | null };
  let areaName: string | null | undefined;
  if (kind === "category") {
    const areaId = current.service_area_id ?? null;
    areaName =
      areaId == null
        ? null
        : ((await getDb().selectFrom("service_areas").select("name").where("id", "=", areaId).executeTakeFirst())?.name ?? null);
  }
  const changedFields = error.changedFields.map((f) => (f === "service_area_id" ? "areaId" : f));
  return { current: { name: current.name, description: current.description, areaName, updated_at: current.updated_at }, changedFields };
}

/** Domain errors → answers the forms can show; anything unexpected is logged and reported without detail. */
async function handleError(kind: StructureKind, intent: string, error: unknown, values?: StructureActionData["values"]) {
  if (error instanceof NotFoundError) notFound();
  if (error instanceof StructureValidationError) return failure({ intent, errors: error.errors, values }, 400);
  if (error instanceof StaleRecordError)
    return failure({ intent, errors: { _form: "structure.stale" }, stale: await staleState(kind, error), values }, 409);
  if (error instanceof HasChildrenError) {
    const message = error.kind === "area" ? "structure.areaHasCategories" : "structure.categoryHasServices";
    return failure({ intent, errors: { _form: message }, children: { items: error.children, total: error.total } }, 400);
  }
  if (error instanceof Response) throw error;
  console.error(error);
  return failure({ intent, errors: { _form: "structure.saveFailed" }, values }, 500);
}

/** The edit form's fields as sent, for showing them again after a refusal. */
function sentValues(form: FormData): StructureActionData["values"] {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return { name: text("name"), description: text("description"), ...(form.has("areaId") ? { areaId: text("areaId") } : {}) };
}

/** Where to go after deleting: a category's area page (when the area level is shown), else the catalogue. */
async function afterDeletePath(kind: StructureKind, id: number): Promise<string> {
  if (kind === "area") return "/servicecatalog";
  const db = getDb();
  const category = await getCategory(db, id);
  if (category?.area && (await isServiceAreaActive(db))) return pagePath("area", category.area.id);
  return "/servicecatalog";
}

export async function structureAction(request: Request, kind: StructureKind, rawId: string | undefined) {
  // Role first: a POST without the right is a 403 whatever it asks for, and changes nothing.
  const user = await requirePermission(request, "manage:structure");
  const id = idOr404(rawId);
  const db = getDb();
  const areaLevel = await isServiceAreaActive(db);
  if (kind === "area" && !areaLevel) notFound();
  const here = pagePath(kind, id);

  if (isMultipart(request)) {
    const upload = await parseImageUpload(request, { field: "image" });
    const intent = String(upload.fields.get("intent") ?? "uploadImage");
    if (intent !== "uploadImage") return failure({ intent, errors: { _form: "errors.badRequest" } }, 400);
    if (!upload.ok) return failure({ intent, errors: upload.errors }, upload.status);
    try {
      const image = { data: upload.image!.data, mime: upload.image!.mime };
      await (kind === "area" ? setAreaImage(db, id, image, user) : setCategoryImage(db, id, image, user));
    } catch (error) {
      return handleError(kind, intent, error);
    }
    return redirectWithFlash(request, here, { kind: "success", message: "structure.imageSaved" });
  }

  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const values = intent === "update" ? sentValues(form) : undefined;
  try {
    switch (intent) {
      case "update": {
        const parsed = parseFormData(editSchema, form);
        if (!parsed.success) return failure({ intent, errors: parsed.errors, values }, 400);
        // The area can only be changed where the form offers it: on a category, with the area level on.
        const areaId = kind === "category" && areaLevel ? parsed.data.areaId : undefined;
        const input = { name: parsed.data.name, description: parsed.data.description, areaId };
        const expected = formVersion(form);
        if (kind === "area") await updateArea(db, id, input, expected, user);
        else await updateCategory(db, id, input, expected, user);
        return redirectWithFlash(request, here, { kind: "success", message: kind === "area" ? "structure.areaSaved" : "structure.categorySaved" });
      }
      case "removeImage":
        await (kind === "area" ? setAreaImage(db, id, null, user) : setCategoryImage(db, id, null, user));
        return redirectWithFlash(request, here, { kind: "success", message: "structure.imageRemoved" });
      case "delete": {
        const to = await afterDeletePath(kind, id);
        await (kind === "area" ? deleteArea(db, id, user) : deleteCategory(db, id, user));
        return redirectWithFlash(request, to, { kind: "success", message: kind === "area" ? "structure.areaDeleted" : "structure.categoryDeleted" });
      }
      default:
        return failure({ intent, errors: { _form: "errors.badRequest" } }, 400);
    }
  } catch (error) {
    return handleError(kind, intent, error, values);
  }
}
