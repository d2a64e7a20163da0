import { requirePermission } from "~/modules/access/policy.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/modules/access/session.server";
import { getDb } from "~/server/db/db.server";
import { recordSchema } from "~/modules/basedata/entity-schema";
import { entityByKey, type BaseDataAnswer, type BaseDataMeta, type EntityDef, type RecordValues } from "~/modules/basedata/entities";
import { flashHeader, redirectWithFlash } from "~/server/flash.server";
import { commonRefusal, dispatchIntent, refuse, refuseForm, validateForm, type Refusal } from "~/server/form.server";
import { historyFor } from "~/server/audit.server";
import {
  createBaseData,
  deleteBaseData,
  getBaseData,
  listBaseData,
  servicesUsing,
  subjectTypeOf,
  updateBaseData,
  type BaseDataRow,
} from "~/modules/basedata/basedata.server";
import { DuplicateNameError, InUseError, StaleRecordError } from "~/server/errors.server";
import { formVersion, readFormData } from "~/server/request-body.server";
import { refusal } from "~/server/refusal.server";
import { idOr404 } from "~/server/ids.server";
import { z } from "zod";
import { userHasPermission } from "~/modules/access/policy";
import { idList } from "~/ui/form/fields";
import { ownerUsers, responsibleChoices, setOwnerUsers } from "~/modules/service/responsible.server";
import { subjectLanguages } from "~/modules/translations/subject-texts.server";
import { subjectTranslationPath } from "~/modules/translations/subject-types";
import { historyWithDiffs } from "~/ui/history/history-diff.server";

/**
 * Loaders and actions shared by every base-data screen (/basedata/:entity/… and /admin/tags/…):
 * parse, authorize, call the model, respond. The route modules only pick the entity.
 */

/** Which entity a route serves: `/basedata/:entity` or the fixed `/admin/tags`. */
export interface EntityRef {
  family: "basedata" | "admin";
  key: string | undefined;
}

export function entityRef(family: EntityRef["family"], key: string | undefined): EntityRef {
  return { family, key };
}

/** Signed in first (so a stranger is sent to /login, not told what exists), then the entity, then the role. */
async function resolve(request: Request, ref: EntityRef, write: boolean) {
  await requireUser(request);
  const def = entityByKey(ref.key);
  if (!def || (ref.family === "admin") !== (def.guard === "admin")) throw refusal(404);
  const user =
    def.guard === "admin" ? await requirePermission(request, "access:admin") : await requirePermission(request, write ? "update:basedata" : "read:basedata");
  return { user, def };
}

async function recordOr404(def: EntityDef, id: number): Promise<BaseDataRow> {
  const row = await getBaseData(getDb(), def, id);
  if (!row) throw refusal(404);
  return row;
}

/**
 * The form's fields as values for the model, through the form pipeline. Only fields that were
 * sent are validated and written (required ones always): the entry row sends a few columns, the
 * full form all of them. A refusal keeps what the user typed.
 */
function parseRecord(def: EntityDef, form: FormData) {
  const present = new Set(def.fields.filter((field) => form.has(field.name)).map((field) => field.name));
  return validateForm(form, recordSchema(def, present), { keepEmpty: true });
}

type Submission = ReturnType<typeof parseRecord>;

function listPath(def: EntityDef, request: Request) {
  return `${def.basePath}${new URL(request.url).search}`;
}

/** Domain errors → 400/409 answers the forms can show; anything else is logged and answered in the spec's words. */
function handleError(def: EntityDef, error: unknown, creating: boolean, target: string, submission?: Submission) {
  const answer = (errors: Refusal, status: number, meta?: BaseDataMeta) =>
    submission ? refuse(submission, errors, status, { target, meta }) : refuseForm(errors, status, { target, meta });
  if (error instanceof DuplicateNameError) return answer({ fields: { [def.nameField]: def.messages.duplicate } }, 400);
  if (error instanceof InUseError) return answer({ form: "basedata.inUseConfirm" }, 400, { inUse: { services: error.services, total: error.total } });
  const common = commonRefusal(error, { stale: "basedata.stale" });
  if (common) return answer(common.errors, common.status, error instanceof StaleRecordError ? { current: error.current, changedFields: error.changedFields } : undefined);
  if (error instanceof Response) throw error;
  console.error(error);
  return answer({ form: creating ? def.messages.createFailed : def.messages.saveFailed }, 500);
}

export async function listLoader({ request }: LoaderFunctionArgs, ref: EntityRef) {
  const { def } = await resolve(request, ref, false);
  const url = new URL(request.url);
  const list = await listBaseData(getDb(), def, {
    q: url.searchParams.get("q") ?? undefined,
    sort: url.searchParams.get("sort") ?? undefined,
    dir: url.searchParams.get("dir") === "desc" ? "desc" : "asc",
    page: Number(url.searchParams.get("page") ?? 1) || 1,
  });
  return { entity: def.key, list };
}

/**
 * The list's own action serves the keyboard entry row (fetchers): create or update without
 * leaving the page. Answers with data, and the flash travels as a cookie the revalidated root shows.
 */
export async function listAction({ request }: ActionFunctionArgs, ref: EntityRef) {
  const { user, def } = await resolve(request, ref, true);
  const form = await readFormData(request);
  const saved = async (target: string, id: number, message: string) =>
    data<BaseDataAnswer>({ status: "success", target, meta: { id } }, { headers: { "Set-Cookie": await flashHeader(request, { kind: "success", message }) } });
  const write = async (target: "create" | "update", save: (values: RecordValues) => Promise<number>) => {
    const submission = parseRecord(def, form);
    if (submission.status !== "success") return refuse(submission, {}, 400, { target });
    try {
      const id = await save(submission.value as RecordValues);
      return saved(target, id, target === "create" ? def.messages.created : def.messages.updated);
    } catch (error) {
      return handleError(def, error, target === "create", target, submission);
    }
  };
  return dispatchIntent(form.get("intent"), {
    create: () => write("create", (values) => createBaseData(getDb(), def, values, user)),
    update: () =>
      write("update", async (values) => {
        const id = idOr404(String(form.get("id") ?? ""));
        await updateBaseData(getDb(), def, id, values, formVersion(form), user);
        return id;
      }),
  });
}

export async function newLoader({ request }: LoaderFunctionArgs, ref: EntityRef) {
  const { def } = await resolve(request, ref, true);
  return { entity: def.key };
}

export async function newAction({ request }: ActionFunctionArgs, ref: EntityRef) {
  const { user, def } = await resolve(request, ref, true);
  const form = await readFormData(request);
  const submission = parseRecord(def, form);
  if (submission.status !== "success") return refuse(submission, {}, 400, { target: "create" });
  try {
    await createBaseData(getDb(), def, submission.value as RecordValues, user);
  } catch (error) {
    return handleError(def, error, true, "create", submission);
  }
  return redirectWithFlash(request, listPath(def, request), { kind: "success", message: def.messages.created });
}

export async function editLoader({ request, params }: LoaderFunctionArgs, ref: EntityRef) {
  const { def } = await resolve(request, ref, true);
  return { entity: def.key, record: await recordOr404(def, idOr404(params.id)) };
}

export async function editAction({ request, params }: ActionFunctionArgs, ref: EntityRef) {
  const { user, def } = await resolve(request, ref, true);
  const id = idOr404(params.id);
  const form = await readFormData(request);
  const submission = parseRecord(def, form);
  if (submission.status !== "success") return refuse(submission, {}, 400, { target: "update" });
  try {
    await updateBaseData(getDb(), def, id, submission.value as RecordValues, formVersion(form), user);
  } catch (error) {
    return handleError(def, error, false, "update", submission);
  }
  return redirectWithFlash(request, listPath(def, request), { kind: "success", message: def.messages.updated });
}

export async function deleteLoader({ request, params }: LoaderFunctionArgs, ref: EntityRef) {
  const { def } = await resolve(request, ref, true);
  const id = idOr404(params.id);
  const record = await recordOr404(def, id);
  return { entity: def.key, record, usage: await servicesUsing(getDb(), def, id) };
}

export async function deleteAction({ request, params }: ActionFunctionArgs, ref: EntityRef) {
  const { user, def } = await resolve(request, ref, true);
  const id = idOr404(params.id);
  const form = await readFormData(request);
  try {
    await deleteBaseData(getDb(), def, id, user, form.get("confirmInUse") === "yes");
  } catch (error) {
    return handleError(def, error, false, "delete");
  }
  return redirectWithFlash(request, listPath(def, request), { kind: def.deletedKind, message: def.messages.deleted, title: "toast.deleted" });
}

export async function detailLoader({ request, params }: LoaderFunctionArgs, ref: EntityRef) {
  const { def, user } = await resolve(request, ref, false);
  const id = idOr404(params.id);
  const record = await recordOr404(def, id);
  const owner = def.key === "owner";
  const [usage, history, users, choices] = await Promise.all([
    servicesUsing(getDb(), def, id, 100),
    historyFor(getDb(), subjectTypeOf(def), id).then(historyWithDiffs),
    // An owner's representatives with a user account (issue 36 §3), and for editors the accounts to choose from.
    owner ? ownerUsers(getDb(), id) : null,
    owner && userHasPermission(user, "update:basedata") ? responsibleChoices(getDb()) : null,
  ]);
  // Glossary terms and service levels in the catalogues' further languages (issue 37 §1): their own page.
  const subject = def.key === "termdefinitions" ? "term" : def.key === "kpis" ? "kpi" : null;
  const translate = subject && userHasPermission(user, "update:basedata") && (await subjectLanguages(getDb(), subject, null)).further.length ? subjectTranslationPath(subject, id) : null;
  return { entity: def.key, record, usage, history, representatives: users ? { users, choices } : null, translate };
}

const OwnerUsersSchema = z.object({ users: idList() });

/** An owner's page: its representatives among the user accounts (issue 36 §3); other records have no form here. */
export async function detailAction({ request, params }: ActionFunctionArgs, ref: EntityRef) {
  const { def, user } = await resolve(request, ref, true);
  const id = idOr404(params.id);
  if (def.key !== "owner") throw refusal(405);
  await recordOr404(def, id);
  const form = await readFormData(request);
  return dispatchIntent(form.get("intent"), {
    users: async () => {
      const submission = validateForm(form, OwnerUsersSchema);
      if (submission.status !== "success") return refuse(submission, { form: "validation.invalidChoice" }, 400, { target: "users" });
      try {
        const changed = await setOwnerUsers(getDb(), id, submission.value.users, user);
        return redirectWithFlash(request, `${def.basePath}/${id}`, { kind: "success", message: changed ? "basedata.owner.usersSaved" : "basedata.owner.usersUnchanged" });
      } catch (error) {
        const common = commonRefusal(error, { stale: "basedata.stale" });
        if (common) return refuseForm(common.errors, common.status, { target: "users" });
        throw error;
      }
    },
  });
}

