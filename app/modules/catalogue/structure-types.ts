import type { FieldErrors } from "~/ui/forms";

/** Which page: an area or a category. Client-safe mirror of the model's StructureKind. */
export type StructureKind = "area" | "category";

/** The intents of the forms on an area or category page (one hidden `intent` field per form). */
export const STRUCTURE_INTENTS = ["update", "uploadImage", "removeImage", "delete"] as const;
export type StructureIntent = (typeof STRUCTURE_INTENTS)[number];

/** The file input's `accept`: a hint for the file picker only; the server decides by the bytes. */
export const IMAGE_ACCEPT = ".jpg,.jpeg,.png";

export interface StaleState {
  /** The stored values now (name, description, and for a category its area). */
  current: { name: string; description: string | null; areaName?: string | null; updated_at: string };
  /** Which of the submitted fields differ from the stored values. */
  changedFields: string[];
}

/** What an action answers when it does not redirect: errors of one form, and what the page needs to explain them. */
export interface StructureActionData {
  intent: string;
  errors: FieldErrors;
  stale?: StaleState;
  /** What the edit form sent, so a refused form shows the typed values again (also without JS). */
  values?: { name: string; description: string; areaId?: string };
  /** A refused delete: the children that must go first (first ones and how many in all). */
  children?: { items: { id: number; name: string }[]; total: number };
}

export function pagePath(kind: StructureKind, id: number): string {
  return `/servicecatalog/${kind}/${id}`;
}

/** The image URL with the record's version, so a changed image gets a new URL (and the old may be cached for good). */
export function imagePath(kind: StructureKind, id: number, updatedAt: string): string {
  return `/images/${kind}/${id}?v=${encodeURIComponent(updatedAt)}`;
}
