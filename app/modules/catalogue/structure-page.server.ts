import { requirePermission } from "~/modules/access/policy.server";
import { getDb } from "~/server/db/db.server";
import { redirectWithFlash } from "~/server/flash.server";
import { commonRefusal, dispatchIntent, refuse, refuseForm, validateForm, type Refusal } from "~/server/form.server";
import { isMultipart, parseImageUpload } from "~/server/upload.server";
import { StaleRecordError } from "~/server/errors.server";
import {
  HasChildrenError,
  deleteArea,
  deleteCategory,
  getCategory,
  setAreaImage,
  setCategoryImage,
  updateArea,
  updateCategory,
} from "~/modules/catalogue/structure.server";
import { isServiceAreaActive } from "~/modules/catalogue/catalogue.server";
import { StructureEditSchema } from "./structure-schema";
import { pagePath, type StaleState, type StructureKind, type StructureMeta } from "./structure-types";
import { formVersion, readFormData } from "~/server/request-body.server";
import { refusal } from "~/server/refusal.server";
import { idOr404 } from "~/server/ids.server";

/**
 * The action shared by the area and the category page: authorize, read the form (multipart for
 * the image upload, urlencoded otherwise), run the handler of its `intent`, call the model, and
 * answer with a redirect and a toast, or a refusal naming the form (`target`) the page shows it beside.
 */

export function notFound(): never {
  throw refusal(404);
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

type Submission = ReturnType<typeof validateForm>;

/** Domain errors → refusals the forms can show; anything unexpected is logged and reported without detail. */
async function handleError(kind: StructureKind, target: string, error: unknown, submission?: Submission) {
  const answer = (errors: Refusal, status: number, meta?: StructureMeta) =>
    submission ? refuse(submission, errors, status, { target, meta }) : refuseForm(errors, status, { target, meta });
  const common = commonRefusal(error, { stale: "structure.stale" });
  if (common) return answer(common.errors, common.status, error instanceof StaleRecordError ? { stale: await staleState(kind, error) } : undefined);
  if (error instanceof HasChildrenError) {
    const message = error.kind === "area" ? "structure.areaHasCategories" : "structure.categoryHasServices";
    return answer({ form: message }, 400, { children: { items: error.children, total: error.total } });
  }
  if (error instanceof Response) throw error;
  console.error(error);
  return answer({ form: "structure.saveFailed" }, 500);
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
    if (intent !== "uploadImage") return refuseForm({ form: "errors.badRequest" }, 400, { target: intent });
    if (!upload.ok) {
      const { _form, ...fields } = upload.errors;
      return refuseForm({ form: _form, fields }, upload.status, { target: intent });
    }
    try {
      const image = { data: upload.image!.data, mime: upload.image!.mime };
      await (kind === "area" ? setAreaImage(db, id, image, user) : setCategoryImage(db, id, image, user));
    } catch (error) {
      return handleError(kind, intent, error);
    }
    return redirectWithFlash(request, here, { kind: "success", message: "structure.imageSaved" });
  }

  const form = await readFormData(request);
  return dispatchIntent(form.get("intent"), {
    update: async () => {
      const submission = validateForm(form, StructureEditSchema);
      if (submission.status !== "success") return refuse(submission, {}, 400, { target: "update" });
      // The area can only be changed where the form offers it: on a category, with the area level on.
      const areaId = kind === "category" && areaLevel ? submission.value.areaId : undefined;
      const input = { name: submission.value.name, description: submission.value.description, areaId };
      try {
        const expected = formVersion(form);
        if (kind === "area") await updateArea(db, id, input, expected, user);
        else await updateCategory(db, id, input, expected, user);
      } catch (error) {
        return handleError(kind, "update", error, submission);
      }
      return redirectWithFlash(request, here, { kind: "success", message: kind === "area" ? "structure.areaSaved" : "structure.categorySaved" });
    },
    removeImage: async () => {
      try {
        await (kind === "area" ? setAreaImage(db, id, null, user) : setCategoryImage(db, id, null, user));
      } catch (error) {
        return handleError(kind, "removeImage", error);
      }
      return redirectWithFlash(request, here, { kind: "success", message: "structure.imageRemoved" });
    },
    delete: async () => {
      const to = await afterDeletePath(kind, id);
      try {
        await (kind === "area" ? deleteArea(db, id, user) : deleteCategory(db, id, user));
      } catch (error) {
        return handleError(kind, "delete", error);
      }
      return redirectWithFlash(request, to, { kind: "success", message: kind === "area" ? "structure.areaDeleted" : "structure.categoryDeleted" });
    },
  });
}
