import { answerFields, type FormAnswer } from "~/lib/form-answer";
import type { FieldErrors } from "~/server/errors.server";

/**
 * Client-safe shapes of the service children (options, responsibilities, links, attributes) as
 * `loadServiceChildren` returns them, and of the children route's answers.
 */

export interface OptionItem {
  id: number;
  name: string;
  short_description: string | null;
  description: string | null;
  art_nr: string | null;
  costs: number;
  position: number;
  /** A data: URL, or null. */
  pictureUrl: string | null;
}

export interface ResponsibilityItem {
  id: number;
  pos: number;
  description: string | null;
  client: boolean;
  it: boolean;
}

export interface LinkItem {
  id: number;
  url: string;
  position: number;
}

export type SlotReference = "one" | "two" | "three" | "four" | "five" | "six" | "seven" | "eight" | "nine" | "ten";

export interface AttributeDefinition {
  id: number;
  designation: string;
  headline: string;
  details: string | null;
  type: "text" | "dropdown";
  slots: { reference: SlotReference; value: string }[];
}

export interface AttributeItem extends AttributeDefinition {
  text: string | null;
  selected: SlotReference | null;
}

/** The page sections (and their anchors) the children forms belong to. */
export type ChildSection = "options" | "responsibilities" | "links" | "attributes";

/** Every form of the four sections posts one of these intents to the children route. */
export const CHILD_INTENTS = {
  addOption: "options",
  updateOption: "options",
  removeOption: "options",
  moveOption: "options",
  addResponsibility: "responsibilities",
  updateResponsibility: "responsibilities",
  removeResponsibility: "responsibilities",
  moveResponsibility: "responsibilities",
  addLink: "links",
  removeLink: "links",
  moveLink: "links",
  setAttributeText: "attributes",
  setAttributeDropdown: "attributes",
} as const satisfies Record<string, ChildSection>;
export type ChildIntent = keyof typeof CHILD_INTENTS;

export function isChildIntent(value: string): value is ChildIntent {
  return Object.prototype.hasOwnProperty.call(CHILD_INTENTS, value);
}

/** Beside a refused children form: which child it was for, the version it was sent with, why. */
export interface ChildMeta {
  section: ChildSection;
  /** The option, responsibility, link or attribute the form was for; null for an add form. */
  itemId: number | null;
  /** The service version the form was sent with. */
  updatedAt: string;
  /** The service changed since the form was loaded; nothing was written. */
  stale?: boolean;
  /** For a refused attribute form: the attribute's definition, to show its form again. */
  attribute?: AttributeDefinition | null;
}

/** What the children route answers when it does not redirect: the form pipeline's shape, `target` the intent. */
export type ChildAnswer = FormAnswer<ChildMeta>;

/** How the children forms read an answer. */
export interface ChildActionData extends ChildMeta {
  intent: ChildIntent;
  errors: FieldErrors;
  /** The text fields as sent, so the form can be shown again with them (without JS). */
  values: Record<string, string>;
}

/** Fields that are not the user's input and are not shown again. */
const CONTROL_FIELDS = new Set(["intent", "updated_at", "id", "item", "direction"]);

export function childView(answer: ChildAnswer | null | undefined): ChildActionData | null {
  if (!answer?.meta || !answer.target || !isChildIntent(answer.target)) return null;
  const { errors, values = {} } = answerFields(answer);
  const typed = Object.fromEntries(Object.entries(values).filter(([name]) => !CONTROL_FIELDS.has(name)));
  return { ...answer.meta, intent: answer.target, errors, values: typed };
}

/** The file input's `accept`: a hint for the file picker only; the server decides by the bytes. */
export const PICTURE_ACCEPT = ".jpg,.jpeg,.png";

export function servicePath(serviceId: number, section?: ChildSection): string {
  return `/servicecatalog/service/${serviceId}${section ? `#${section}` : ""}`;
}

export function childrenPath(serviceId: number): string {
  return `/servicecatalog/service/${serviceId}/children`;
}
