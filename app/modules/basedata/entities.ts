import { answerFields, type FormAnswer } from "~/lib/form-answer";

/**
 * The base-data records (spec 01 §3) described once, so one table, one form, one model and one
 * set of route handlers serve all of them. Client-safe: no server imports, no zod (the form's
 * schema is entity-schema.ts; decision 0063).
 */
export type FieldType = "text" | "textarea" | "email" | "url" | "list";

export interface FieldDef {
  name: string;
  type: FieldType;
  required?: boolean;
  /** Shown as an input in the keyboard entry row (the full form always shows every field). */
  inline?: boolean;
  /** Shown as a sortable column of the list. */
  column?: boolean;
}

export type EntityKey = "owner" | "kpis" | "provider" | "termdefinitions" | "tags";

export interface EntityDef {
  key: EntityKey;
  basePath: string;
  /** Who may read and edit: base-data roles (keyuser and above) or the admin guard. */
  guard: "basedata" | "admin";
  /** The searched, unique column. */
  nameField: "name" | "term";
  fields: FieldDef[];
  /** Whether services link to these records (the glossary is not linked). */
  hasUsage: boolean;
  /** i18n keys of the notices; the spec's texts where it quotes them. */
  messages: { created: string; updated: string; deleted: string; duplicate: string; saveFailed: string; createFailed: string };
  /** Owner deletion is shown as an error-kind notice, as the spec says. */
  deletedKind: "success" | "error";
}

const common = (key: string) => ({
  created: `basedata.${key}.created`,
  updated: `basedata.${key}.updated`,
  deleted: `basedata.${key}.deleted`,
  duplicate: `basedata.${key}.duplicate`,
  saveFailed: "basedata.saveFailed",
  createFailed: "basedata.saveFailed",
});

export const ENTITIES: Record<EntityKey, EntityDef> = {
  owner: {
    key: "owner",
    basePath: "/basedata/owner",
    guard: "basedata",
    nameField: "name",
    fields: [
      { name: "name", type: "text", required: true, inline: true, column: true },
      { name: "representatives", type: "list", inline: true, column: true },
    ],
    hasUsage: true,
    messages: { ...common("owner"), createFailed: "basedata.owner.createFailed" },
    deletedKind: "error",
  },
  kpis: {
    key: "kpis",
    basePath: "/basedata/kpis",
    guard: "basedata",
    nameField: "name",
    fields: [
      { name: "name", type: "text", required: true, inline: true, column: true },
      { name: "definition", type: "textarea", inline: true, column: true },
      { name: "calculation", type: "textarea" },
      { name: "measuring_points", type: "textarea" },
    ],
    hasUsage: true,
    messages: common("kpis"),
    deletedKind: "success",
  },
  provider: {
    key: "provider",
    basePath: "/basedata/provider",
    guard: "basedata",
    nameField: "name",
    fields: [
      { name: "name", type: "text", required: true, inline: true, column: true },
      { name: "description", type: "textarea" },
      { name: "street", type: "text" },
      { name: "zipcode", type: "text" },
      { name: "city", type: "text", inline: true, column: true },
      { name: "country", type: "text" },
      { name: "contact_person", type: "text" },
      { name: "email_contact", type: "email", inline: true, column: true },
      { name: "website_link", type: "url" },
      { name: "company_profile", type: "textarea" },
    ],
    hasUsage: true,
    messages: { ...common("provider"), saveFailed: "basedata.provider.saveFailed", createFailed: "basedata.provider.createFailed" },
    deletedKind: "success",
  },
  termdefinitions: {
    key: "termdefinitions",
    basePath: "/basedata/termdefinitions",
    guard: "basedata",
    nameField: "term",
    fields: [
      { name: "term", type: "text", required: true, inline: true, column: true },
      { name: "definition", type: "textarea", inline: true, column: true },
      { name: "link", type: "url" },
    ],
    hasUsage: false,
    messages: common("termdefinitions"),
    deletedKind: "success",
  },
  tags: {
    key: "tags",
    basePath: "/admin/tags",
    guard: "admin",
    nameField: "name",
    fields: [
      { name: "name", type: "text", required: true, inline: true, column: true },
      { name: "description", type: "textarea", inline: true, column: true },
    ],
    hasUsage: true,
    messages: common("tags"),
    deletedKind: "success",
  },
};

export function entityByKey(key: string | undefined): EntityDef | undefined {
  // Own keys only: "constructor", "__proto__" or "toString" are properties of every object.
  return key && Object.hasOwn(ENTITIES, key) ? ENTITIES[key as EntityKey] : undefined;
}

export const TEXT_MAX = 255;
export const LONG_TEXT_MAX = 20_000;
export const PAGE_SIZE = 50;

/** A list field arrives as lines (full form) or "; "-separated (entry row); stored as names. */
export function splitList(value: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of value.split(/[\n;]+/)) {
    const name = part.trim();
    if (name && !seen.has(name.toLowerCase())) {
      seen.add(name.toLowerCase());
      out.push(name);
    }
  }
  return out;
}

export type RecordValues = Record<string, string | string[] | null>;

/** The organisation's single record (spec 01 §3 "Customer data"); edited with the same form. */
export const CUSTOMER_DATA_FIELDS: FieldDef[] = [
  { name: "company", type: "text" },
  { name: "companyadditional", type: "text" },
  { name: "street", type: "text" },
  { name: "zipcode", type: "text" },
  { name: "city", type: "text" },
  { name: "country", type: "text" },
];

/** Beside a base-data answer: the saved record's id, the stored values of a stale save, the services still using a record. */
export interface BaseDataMeta {
  id?: number;
  current?: Record<string, unknown>;
  changedFields?: string[];
  inUse?: { services: { id: number; name: string }[]; total: number };
}

/** What the base-data actions answer when they do not redirect (entry row, refused forms): the form pipeline's shape. */
export type BaseDataAnswer = FormAnswer<BaseDataMeta>;

/** How the base-data screens read an answer: saved or not, the first error per field (`_form` for the form), what was typed. */
export type BaseDataActionData = {
  ok: boolean;
  errors: Partial<Record<string, string>>;
  intent?: string;
  id?: number;
  current?: Record<string, unknown>;
  changedFields?: string[];
  inUse?: { services: { id: number; name: string }[]; total: number };
  /** What the user typed, when the answer refuses it. */
  values?: Record<string, string>;
};

export function baseDataView(answer: BaseDataAnswer | null | undefined): BaseDataActionData | undefined {
  if (!answer) return undefined;
  return { ok: answer.status === "success", ...answerFields(answer), intent: answer.target, ...answer.meta };
}
