import { requirePermission } from "~/modules/access/policy.server";
import { userHasPermission } from "~/modules/access/policy";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/server/db/db.server";
import { writeLastVisited } from "~/modules/catalogue/browser-state.server";
import { redirectWithFlash } from "~/server/flash.server";
import { fieldErrorsFrom, type FieldErrors } from "~/ui/forms";
import { sanitizeRichText } from "~/server/sanitize.server";
import {
  BasicsSchema,
  DetailsSchema,
  PersonalDataSchema,
  RICH_FIELDS,
  RichSchema,
  idList,
} from "~/modules/service/service-sections";
import { allowedStatuses, type Status } from "~/modules/service/service-status";
import { parseImageUpload } from "~/server/upload.server";
import { listActivitiesFor, type Executor } from "~/server/audit.server";
import { CrossCatalogueMoveError, ForbiddenError, NotFoundError, StaleRecordError } from "~/server/errors.server";
import { canEditService, editScope } from "~/modules/access/permissions.server";
import { loadServiceChildren } from "~/modules/service/service-children.server";
import {
  ForbiddenTransitionError,
  InvalidReferenceError,
  addDependency,
  dependencyCandidates,
  getServiceDetail,
  mayCreateTags,
  removeDependency,
  relationChoices,
  serviceCategoryOptions,
  type RelationKind,
  setServicePicture,
  setServiceRelations,
  updateServiceBasics,
  updateServiceFields,
  updateServiceRichText,
} from "~/modules/service/service.server";
import { serviceIdOr404 } from "./access.server";
import { formVersion, readFormData } from "~/server/request-body.server";

/** The service page's data: the service, its children, and what the user may change. */
export async function servicePageLoader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:catalogue");
  const id = serviceIdOr404(params.id);
  const db = getDb();
  const detail = await getServiceDetail(db, id);
  if (!detail) throw new Response("Not Found", { status: 404 });
  const url = new URL(request.url);
  const tab: "content" | "history" = url.searchParams.get("tab") === "history" ? "history" : "content";
  const depq = (url.searchParams.get("depq") ?? "").slice(0, 100);
  const canEdit = await canEditService(db, user, id);
  const [children, categories, pickers, history, candidates] = await Promise.all([
    loadServiceChildren(db, id),
    canEdit ? serviceCategoryOptions(db, detail.service.service_catalogue_id) : null,
    canEdit ? relationPickers(db, url.searchParams, detail) : null,
    tab === "history" ? listActivitiesFor(db, "service", id) : null,
    canEdit && depq ? dependencyCandidates(db, id, depq) : [],
  ]);
  let options = categories ? { categories } : null;
  if (options && !userHasPermission(user, "manage:structure")) {
    // A user with grants may only move the service into categories they were granted (the move checks it too).
    const scope = await editScope(db, user);
    options = { categories: options.categories.filter((c) => c.id === detail.service.category_id || scope.categories.includes(c.id)) };
  }
  // Rich text is sanitised on save; sanitising again on display also covers imported or seeded HTML.
  const rich = Object.fromEntries(RICH_FIELDS.map((f) => [f, sanitizeRichText(detail.service[f])]));
  return data(
    {
      ...detail,
      rich,
      children,
      options,
      pickers,
      history,
      candidates,
      depq,
      tab,
      canEdit,
      canStructure: userHasPermission(user, "manage:structure"),
      canCreateTags: canEdit && mayCreateTags(user.role),
      statuses: canEdit ? allowedStatuses(user.role, detail.service.status as Status) : [],
    },
    { headers: { "Set-Cookie": await writeLastVisited(request, "service", id) } },
  );
}

/**
 * The relation and tag pickers. A picker's search is a GET submit of its section's form
 * (`relq` / `tagq`), so the URL also carries what is ticked: a search never loses a tick,
 * with or without JS. Without a search the saved relations are ticked.
 */
async function relationPickers(db: Executor, params: URLSearchParams, detail: NonNullable<Awaited<ReturnType<typeof getServiceDetail>>>) {
  const relq = params.get("relq");
  const tagq = params.get("tagq");
  const ticked = (kind: RelationKind, search: string | null) => (search !== null ? idList(params.getAll(kind)) : detail[kind].map((r) => r.id));
  const [owners, providers, kpis, tags] = await Promise.all([
    relationChoices(db, "owners", ticked("owners", relq), (relq ?? "").slice(0, 100)),
    relationChoices(db, "providers", ticked("providers", relq), (relq ?? "").slice(0, 100)),
    relationChoices(db, "kpis", ticked("kpis", relq), (relq ?? "").slice(0, 100)),
    relationChoices(db, "tags", ticked("tags", tagq), (tagq ?? "").slice(0, 100)),
  ]);
  // Enter in the new-tag box submits the first button, the search: keep what was typed.
  return { owners, providers, kpis, tags, relq, tagq, newTag: tagq !== null ? (params.get("newTag") ?? "").slice(0, 255) : "" };
}

export type ServiceSectionKey = "basics" | "rich" | "details" | "personaldata" | "relations" | "tags" | "dependencies" | "picture";

export interface ServiceActionData {
  section: ServiceSectionKey;
  field?: string;
  errors: FieldErrors;
  values?: Record<string, unknown>;
  current?: Record<string, unknown>;
}

const ANCHORS: Record<ServiceSectionKey, string> = {
  basics: "basics",
  rich: "short_description",
  details: "cost",
  personaldata: "personaldata",
  relations: "relations",
  tags: "tags",
  dependencies: "dependencies",
  picture: "picture",
};

function refused(section: ServiceSectionKey, errors: FieldErrors, status: number, extra: Partial<ServiceActionData> = {}) {
  return data<ServiceActionData>({ section, errors, ...extra }, { status });
}

/** Every section's form posts here with an `intent`; each is guarded, validated, audited. */
export async function servicePageAction({ request, params }: ActionFunctionArgs) {
  const id = serviceIdOr404(params.id);
  const user = await requirePermission(request, "update:service", { serviceId: id });
  const db = getDb();
  let section: ServiceSectionKey = "basics";
  let field: string | undefined;
  try {
    let form: FormData;
    let expected: string | null;
    const upload = request.headers.get("Content-Type")?.startsWith("multipart/form-data");
    if (upload) {
      section = "picture";
      const parsed = await parseImageUpload(request, { field: "picture", required: true });
      if (!parsed.ok) return refused("picture", parsed.errors, 400);
      await setServicePicture(db, id, { data: parsed.image!.data, mime: parsed.image!.mime }, formVersion(parsed.fields), user);
      return done(request, id, "picture");
    } else {
      form = await readFormData(request);
      expected = formVersion(form);
    }
    const intent = String(form.get("intent") ?? "");
    const raw = Object.fromEntries(form);
    switch (intent) {
      case "basics": {
        section = "basics";
        const parsed = BasicsSchema.safeParse(raw);
        if (!parsed.success) return refused(section, fieldErrorsFrom(parsed.error), 400, { values: raw });
        await updateServiceBasics(db, id, parsed.data, expected, user);
        break;
      }
      case "rich": {
        section = "rich";
        field = String(form.get("field") ?? "");
        const parsed = RichSchema.safeParse({ field, value: form.get("value") ?? "" });
        if (!parsed.success) return refused(section, fieldErrorsFrom(parsed.error), 400, { field, values: raw });
        await updateServiceRichText(db, id, parsed.data.field, parsed.data.value, expected, user);
        return done(request, id, parsed.data.field);
      }
      case "details":
      case "personaldata": {
        section = intent;
        const parsed = (intent === "details" ? DetailsSchema : PersonalDataSchema).safeParse(raw);
        if (!parsed.success) return refused(section, fieldErrorsFrom(parsed.error), 400, { values: raw });
        await updateServiceFields(db, id, parsed.data as Record<string, string | number | null>, intent, expected, user);
        break;
      }
      case "relations":
        section = "relations";
        await setServiceRelations(db, id, { owners: idList(form.getAll("owners")), providers: idList(form.getAll("providers")), kpis: idList(form.getAll("kpis")) }, expected, user);
        break;
      case "tags": {
        section = "tags";
        const newTag = String(form.get("newTag") ?? "").trim();
        if (newTag.length > 255) return refused(section, { newTag: "validation.tooLong|max=255" }, 400, { values: raw });
        await setServiceRelations(db, id, { tags: idList(form.getAll("tags")) }, expected, user, { newTag });
        break;
      }
      case "dependency-add":
      case "dependency-remove": {
        section = "dependencies";
        const required = Number(form.get("required"));
        if (!Number.isSafeInteger(required) || required <= 0) return refused(section, { required: "service.errors.unknownService" }, 400);
        if (intent === "dependency-add") await addDependency(db, id, required, expected, user);
        else await removeDependency(db, id, required, expected, user);
        break;
      }
      case "picture-remove":
        section = "picture";
        await setServicePicture(db, id, null, expected, user);
        break;
      default:
        return refused(section, { _form: "errors.badRequest" }, 400);
    }
    return done(request, id, ANCHORS[section]);
  } catch (error) {
    if (error instanceof StaleRecordError) return refused(section, { _form: "service.stale" }, 409, { field, current: error.current });
    if (error instanceof ForbiddenTransitionError) throw new Response("Forbidden", { status: 403 });
    if (error instanceof InvalidReferenceError) return refused(section, { [error.field]: error.key }, 400, { field });
    if (error instanceof NotFoundError) throw new Response("Not Found", { status: 404 });
    if (error instanceof ForbiddenError) throw new Response("Forbidden", { status: 403 });
    if (error instanceof CrossCatalogueMoveError) return refused(section, { category_id: "service.errors.category" }, 400);
    if (error instanceof Response) throw error;
    console.error(error);
    return redirectWithFlash(request, `/servicecatalog/service/${id}`, { kind: "error", message: "service.updateFailed" });
  }
}

function done(request: Request, id: number, anchor: string) {
  return redirectWithFlash(request, `/servicecatalog/service/${id}#${anchor}`, { kind: "success", message: "service.updated" });
}

