import { requirePermission } from "~/modules/access/policy.server";
import { data } from "@remix-run/node";
import { getDb } from "~/server/db/db.server";
import { serviceIdOr404 } from "~/modules/service/access.server";
import { redirectWithFlash } from "~/server/flash.server";
import type { FieldErrors } from "~/ui/forms";
import { isMultipart, parseImageUpload } from "~/server/upload.server";
import { NotFoundError, StaleRecordError } from "~/server/errors.server";
import {
  ChildNotFoundError,
  ChildValidationError,
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
  type ChildActionData,
  type ChildIntent,
} from "./children-types";
import { readFormData } from "~/server/request-body.server";

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

/** Fields that are not the user's input and are not echoed back. */
const CONTROL_FIELDS = new Set(["intent", "updated_at", "id", "item", "direction"]);

function textFields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") out[key] = value;
  return out;
}

function echo(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([key]) => !CONTROL_FIELDS.has(key)));
}

function itemIdOf(intent: ChildIntent, fields: Record<string, string>): number | null {
  const raw = intent === "setAttributeText" || intent === "setAttributeDropdown" ? fields.item : fields.id;
  const id = Number(raw);
  return raw && Number.isSafeInteger(id) && id > 0 ? id : null;
}

async function refused(intent: ChildIntent, fields: Record<string, string>, errors: FieldErrors, status: number, extra: Partial<ChildActionData> = {}) {
  const itemId = itemIdOf(intent, fields);
  const attribute =
    CHILD_INTENTS[intent] === "attributes" && itemId !== null && status === 400 ? await getAttributeItem(getDb(), itemId) : undefined;
  return data<ChildActionData>(
    { section: CHILD_INTENTS[intent], intent, itemId, errors, values: echo(fields), updatedAt: fields.updated_at ?? "", attribute, ...extra },
    { status },
  );
}

function badRequest(): never {
  throw new Response("Bad Request", { status: 400 });
}

/** What a child intent's handler gets: the service, the version the form was loaded with, the form's text fields. */
interface ChildRequest {
  serviceId: number;
  expected: string;
  fields: Record<string, string>;
  picture: OptionPicture | undefined;
  user: SessionUser;
}

const db = () => getDb();
const idOf = (r: ChildRequest) => ({ id: r.fields.id ?? "" });
const moveOf = (r: ChildRequest) => ({ id: r.fields.id ?? "", direction: r.fields.direction ?? "" });
const added = (write: Promise<unknown>) => write.then(() => true);

/** The model call of every intent (a typed map: an intent without a handler does not compile); true when something changed. */
const CHILD_HANDLERS: Record<ChildIntent, (r: ChildRequest) => Promise<boolean>> = {
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
  setAttributeText: (r) => setAttributeText(db(), r.serviceId, r.expected, { item: r.fields.item ?? "", text: r.fields.text }, r.user),
  setAttributeDropdown: (r) => setAttributeDropdown(db(), r.serviceId, r.expected, { item: r.fields.item ?? "", reference: r.fields.reference }, r.user),
};

/**
 * The action of /servicecatalog/service/:id/children: authorize (403 before anything is read or
 * written), read the form (multipart for the option forms with their picture), dispatch on
 * `intent`, and answer with a redirect to the section and a toast, or with the refusal (400 field
 * errors, 404 a child that is gone, 409 a stale form) for the form to show.
 */
export async function childrenAction(request: Request, rawId: string | undefined) {
  const serviceId = serviceIdOr404(rawId);
  const user = await requirePermission(request, "update:service", { serviceId: serviceId });

  let fields: Record<string, string>;
  let picture: OptionPicture | undefined;
  if (isMultipart(request)) {
    const upload = await parseImageUpload(request, { field: "picture", required: false });
    // A body that could not be read has no fields; the option forms also name intent and id in the URL.
    const query = new URL(request.url).searchParams;
    fields = { ...Object.fromEntries([...query].filter(([key]) => key === "intent" || key === "id")), ...textFields(upload.fields) };
    const intent = fields.intent ?? "";
    if (!isChildIntent(intent)) badRequest();
    if (!upload.ok) return refused(intent, fields, upload.errors, upload.status);
    if (upload.image) picture = { data: upload.image.data, mime: upload.image.mime };
  } else {
    fields = textFields(await readFormData(request));
  }

  const intent = fields.intent ?? "";
  if (!isChildIntent(intent)) badRequest();
  const expected = fields.updated_at;
  // Every form carries the version it was loaded with; without it a stale save could not be detected.
  if (!expected) badRequest();

  let changed: boolean;
  try {
    changed = await CHILD_HANDLERS[intent]({ serviceId, expected, fields, picture, user });
  } catch (error) {
    if (error instanceof ChildValidationError) return refused(intent, fields, error.errors, 400);
    if (error instanceof StaleRecordError) return refused(intent, fields, { _form: "servicechildren.stale" }, 409, { stale: true });
    if (error instanceof ChildNotFoundError) return refused(intent, fields, { _form: "servicechildren.notFound" }, 404);
    // The service itself is unknown or in the bin.
    if (error instanceof NotFoundError) throw new Response("Not Found", { status: 404 });
    throw error;
  }
  const to = servicePath(serviceId, CHILD_INTENTS[intent]);
  return changed
    ? redirectWithFlash(request, to, { kind: "success", message: SAVED[intent] })
    : redirectWithFlash(request, to, { kind: "info", message: "servicechildren.flash.unchanged" });
}
