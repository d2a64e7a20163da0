import { requirePermission } from "~/modules/access/policy.server";
import { getDb } from "~/server/db/db.server";
import { idOr404 } from "~/server/ids.server";
import { redirectWithFlash } from "~/server/flash.server";
import { commonRefusal, refuse, validateForm, type Refusal } from "~/server/form.server";
import { isMultipart, parseImageUpload } from "~/server/upload.server";
import { StaleRecordError } from "~/server/errors.server";
import {
  CHILD_FORM_SCHEMAS,
  ChildNotFoundError,
  addLink,
  addOption,
  addResponsibility,
  getAttributeItem,
  moveLink,
  moveOption,
  moveResponsibility,
  removeLink,
  removeOption,
  removeResponsibility,
  setAttributeDropdown,
  setAttributeText,
  updateOption,
  updateResponsibility,
  type OptionPicture,
} from "~/modules/service/service-children.server";
import type { SessionUser } from "~/modules/access/user.server";
import {
  CHILD_INTENTS,
  isChildIntent,
  servicePath,
  type ChildIntent,
  type ChildMeta,
} from "./children-types";
import { RICH_FORM_MAX_BYTES, readFormData } from "~/server/request-body.server";
import { refuseHidden } from "~/modules/masks/mask-rules.server";
import type { z } from "zod";
import { parseId } from "~/lib/ids";

/** The toast after each successful intent (and when nothing had to change). */
const SAVED: Record<ChildIntent, string> = {
  addOption: "servicechildren.flash.optionAdded",
  updateOption: "servicechildren.flash.optionUpdated",
  removeOption: "servicechildren.flash.optionRemoved",
  moveOption: "servicechildren.flash.moved",
  addResponsibility: "servicechildren.flash.responsibilityAdded",
  updateResponsibility: "servicechildren.flash.responsibilityUpdated",
  removeResponsibility: "servicechildren.flash.responsibilityRemoved",
  moveResponsibility: "servicechildren.flash.moved",
  addLink: "servicechildren.flash.linkAdded",
  removeLink: "servicechildren.flash.linkRemoved",
  moveLink: "servicechildren.flash.moved",
  setAttributeText: "servicechildren.flash.attributeSaved",
  setAttributeDropdown: "servicechildren.flash.attributeSaved",
};

type Submission = ReturnType<typeof validateForm>;

function itemIdOf(intent: ChildIntent, form: FormData): number | null {
  const raw = form.get(intent === "setAttributeText" || intent === "setAttributeDropdown" ? "item" : "id");
  return parseId(raw);
}

/** A refused children form: what was typed and the errors, with the child and version it was for. */
async function refused(intent: ChildIntent, form: FormData, submission: Submission, errors: Refusal, status: number, stale = false) {
  const itemId = itemIdOf(intent, form);
  const attribute =
    CHILD_INTENTS[intent] === "attributes" && itemId !== null && status === 400 ? await getAttributeItem(getDb(), itemId) : undefined;
  const meta: ChildMeta = { section: CHILD_INTENTS[intent], itemId, updatedAt: String(form.get("updated_at") ?? ""), attribute, ...(stale ? { stale } : {}) };
  return refuse(submission, errors, status, { target: intent, meta });
}

function badRequest(): never {
  throw new Response("Bad Request", { status: 400 });
}

/** What a child intent's handler gets: the service, the version the form was loaded with, the form's text fields. */
interface ChildRequest<I extends ChildIntent> {
  serviceId: number;
  expected: string;
  /** The form's values as its schema (CHILD_FORM_SCHEMAS) read them. */
  fields: z.output<(typeof CHILD_FORM_SCHEMAS)[I]>;
  picture: OptionPicture | undefined;
  user: SessionUser;
}

const db = () => getDb();
const idOf = (r: { fields: { id?: string } }) => ({ id: r.fields.id ?? "" });
const moveOf = (r: { fields: { id?: string; direction?: string } }) => ({ id: r.fields.id ?? "", direction: r.fields.direction ?? "" });
const added = (write: Promise<unknown>) => write.then(() => true);

/** The model call of every intent (a typed map: an intent without a handler does not compile); true when something changed. */
const CHILD_HANDLERS: { [I in ChildIntent]: (r: ChildRequest<I>) => Promise<boolean> } = {
  addOption: (r) => added(addOption(db(), r.serviceId, r.expected, { ...r.fields, picture: r.picture }, r.user)),
  updateOption: (r) =>
    updateOption(db(), r.serviceId, r.expected, { ...r.fields, ...idOf(r), picture: r.fields.remove_picture && !r.picture ? null : r.picture }, r.user),
  removeOption: (r) => removeOption(db(), r.serviceId, r.expected, idOf(r), r.user),
  moveOption: (r) => moveOption(db(), r.serviceId, r.expected, moveOf(r), r.user),
  addResponsibility: (r) => added(addResponsibility(db(), r.serviceId, r.expected, r.fields, r.user)),
  updateResponsibility: (r) => updateResponsibility(db(), r.serviceId, r.expected, { ...r.fields, ...idOf(r) }, r.user),
  removeResponsibility: (r) => removeResponsibility(db(), r.serviceId, r.expected, idOf(r), r.user),
  moveResponsibility: (r) => moveResponsibility(db(), r.serviceId, r.expected, moveOf(r), r.user),
  addLink: (r) => added(addLink(db(), r.serviceId, r.expected, r.fields, r.user)),
  removeLink: (r) => removeLink(db(), r.serviceId, r.expected, idOf(r), r.user),
  moveLink: (r) => moveLink(db(), r.serviceId, r.expected, moveOf(r), r.user),
  setAttributeText: (r) => setAttributeText(db(), r.serviceId, r.expected, { item: r.fields.item, text: r.fields.text }, r.user),
  setAttributeDropdown: (r) => setAttributeDropdown(db(), r.serviceId, r.expected, { item: r.fields.item, reference: r.fields.reference }, r.user),
};

/**
 * The action of /servicecatalog/service/:id/children: authorize (403 before anything is read or
 * written), read the form (multipart for the option forms with their picture), dispatch on
 * `intent`, and answer with a redirect to the section and a toast, or with the refusal (400 field
 * errors, 404 a child that is gone, 409 a stale form) for the form to show.
 */
export async function childrenAction(request: Request, rawId: string | undefined) {
  const serviceId = idOr404(rawId);
  const user = await requirePermission(request, "update:service", { serviceId: serviceId });

  let form: FormData;
  let picture: OptionPicture | undefined;
  let uploadRefusal: { errors: Refusal; status: number } | undefined;
  if (isMultipart(request)) {
    const upload = await parseImageUpload(request, { field: "picture", required: false });
    // A body that could not be read has no fields; the option forms also name intent and id in the URL.
    form = new FormData();
    for (const [key, value] of new URL(request.url).searchParams) if (key === "intent" || key === "id") form.set(key, value);
    for (const [key, value] of upload.fields.entries()) if (typeof value === "string") form.set(key, value);
    if (!upload.ok) {
      const { _form, ...fields } = upload.errors;
      uploadRefusal = { errors: { form: _form, fields }, status: upload.status };
    } else if (upload.image) picture = { data: upload.image.data, mime: upload.image.mime };
  } else {
    form = await readFormData(request, { maxBytes: RICH_FORM_MAX_BYTES });
  }

  const intent = String(form.get("intent") ?? "");
  if (!isChildIntent(intent)) badRequest();
  const submission = validateForm(form, CHILD_FORM_SCHEMAS[intent], { keepEmpty: true });
  if (uploadRefusal) return refused(intent, form, submission, uploadRefusal.errors, uploadRefusal.status);
  const expected = form.get("updated_at");
  // Every form carries the version it was loaded with; without it a stale save could not be detected.
  if (typeof expected !== "string" || !expected) badRequest();
  if (submission.status !== "success") return refused(intent, form, submission, {}, 400);

  let changed: boolean;
  try {
    // A section or attribute an attribute mask hides is not shown, so it cannot be changed either (403).
    await refuseHidden(getDb(), serviceId, { section: CHILD_INTENTS[intent], attribute: CHILD_INTENTS[intent] === "attributes" ? itemIdOf(intent, form) : null });
    // One intent at a time: its handler reads the values its own schema produced.
    const handler = CHILD_HANDLERS[intent] as (r: ChildRequest<ChildIntent>) => Promise<boolean>;
    changed = await handler({ serviceId, expected, fields: submission.value as ChildRequest<ChildIntent>["fields"], picture, user });
  } catch (error) {
    if (error instanceof ChildNotFoundError) return refused(intent, form, submission, { form: "servicechildren.notFound" }, 404);
    const common = commonRefusal(error, { stale: "servicechildren.stale" });
    if (common) return refused(intent, form, submission, common.errors, common.status, error instanceof StaleRecordError);
    throw error;
  }
  const to = servicePath(serviceId, CHILD_INTENTS[intent]);
  return changed
    ? redirectWithFlash(request, to, { kind: "success", message: SAVED[intent] })
    : redirectWithFlash(request, to, { kind: "info", message: "servicechildren.flash.unchanged" });
}
