/**
 * The AI assistant (spec 02 §3 "AI assistant", §4, §9; issue 19 §1–§4), client-safe part: the
 * six content types, the modes, what a generated value, option and responsibility look like, and
 * a generated new service. The server builds them (assistant.server.ts); the screens show them.
 */

/** Spec 02 §3: exactly six editable content types. */
export const CONTENT_TYPES = ["short_description", "description", "content", "advantages", "options", "responsibilities"] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** The four that are rich-text fields of the service; options and responsibilities are its children. */
export const VALUE_TYPES = ["short_description", "description", "content", "advantages"] as const satisfies readonly ContentType[];
export type ValueType = (typeof VALUE_TYPES)[number];

export function isValueType(type: string): type is ValueType {
  return (VALUE_TYPES as readonly string[]).includes(type);
}

/** Spec 02 §4: the assistant's modes on the service page. */
export const MODES = ["default", "edit", "generating", "generated"] as const;
export type AiMode = (typeof MODES)[number];

/**
 * What the assistant is asked to do with the chosen content types: `update` rewrites them from
 * the service as it is; `add` extends them with the user's context (the description is refined,
 * key points, options and responsibilities are added).
 */
export const GENERATE_MODES = ["update", "add"] as const;
export type GenerateMode = (typeof GENERATE_MODES)[number];

/** Spec 02 §3: how a generated value relates to the stored one. */
export type ValueChange = "no" | "changed" | "generated" | "deleted";

export interface GeneratedValue {
  /** The stored HTML (null when empty). */
  value: string | null;
  /** The generated HTML (null: the assistant would empty the field). */
  new_value: string | null;
  changed: ValueChange;
}

/** Spec 02 §3: a generated option; costs 0 and a local id until it is stored. */
export interface GeneratedOption {
  id: string;
  name: string;
  description: string | null;
  art_nr: string | null;
  costs: number;
  changed: "created";
}

/** Spec 02 §3: a generated responsibility; client, it and pos 0 and a local id until it is stored. */
export interface GeneratedResponsibility {
  id: string;
  description: string;
  client: number;
  it: number;
  pos: number;
  changed: "created";
}

/** What the assistant proposes for one service: the diff the user accepts or discards item by item. */
export interface Proposal {
  values: Partial<Record<ValueType, GeneratedValue>>;
  options: GeneratedOption[];
  responsibilities: GeneratedResponsibility[];
}

/** A new service generated from a name and a description (the create flow): HTML fields, plain lists. */
export interface GeneratedService {
  name: string;
  short_description: string | null;
  description: string | null;
  content: string | null;
  advantages: string | null;
  options: { name: string; description: string | null }[];
  responsibilities: { description: string }[];
}

/** Spec 02 §3: an AI response as the browser keeps it (`aiResponses`). */
export interface AiResponse {
  id: string;
  requestedName: string;
  /** Seconds (spec 02 §9: default 0, × 1000 before sending). */
  delay: number;
  service: GeneratedService | null;
}

/** The browser's key for the responses (spec 02 §3). */
export const RESPONSES_KEY = "aiResponses";

/** Why the assistant cannot run now (or why a call failed): an i18n key under `ai.errors`. */
export const AI_ERRORS = ["notConfigured", "inactive", "exhausted", "timeout", "provider", "invalid", "truncated"] as const;
export type AiErrorKind = (typeof AI_ERRORS)[number];

/** What a screen needs to know before offering the assistant. */
export interface AiStatus {
  /** AI_BASE_URL and AI_MODEL are set. */
  configured: boolean;
  /** A superadmin switched the credits (and with them the assistant) on. */
  active: boolean;
  /** Credits are available now (spec 02 §3). */
  available: boolean;
  /** Why it cannot be used now; null when it can. */
  reason: Extract<AiErrorKind, "notConfigured" | "inactive" | "exhausted"> | null;
}

/** The key of one item of a proposal: a value's type, or "options:<id>" / "responsibilities:<id>". */
export type ItemKey = string;

export const MAX_DELAY_SECONDS = 3600;
export const INSTRUCTIONS_MAX = 2000;
export const REQUEST_DESCRIPTION_MAX = 4000;
