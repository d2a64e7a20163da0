import type { FormAnswer } from "~/lib/form-answer";

/** Which page: an area or a category. Client-safe mirror of the model's StructureKind. */
export type StructureKind = "area" | "category";

/** The file input's `accept`: a hint for the file picker only; the server decides by the bytes. */
export const IMAGE_ACCEPT = ".jpg,.jpeg,.png";

export interface StaleState {
  /** The stored values now (name, description, and for a category its area). */
  current: { name: string; description: string | null; areaName?: string | null; updated_at: string };
  /** Which of the submitted fields differ from the stored values. */
  changedFields: string[];
}

/** What the area and category pages show beside a refused form (see StructureAnswer). */
export interface StructureMeta {
  stale?: StaleState;
  /** A refused delete: the children that must go first (first ones and how many in all). */
  children?: { items: { id: number; name: string }[]; total: number };
}

/** The refusal of one of the page's forms; `target` is the form's intent. */
export type StructureAnswer = FormAnswer<StructureMeta>;

export function pagePath(kind: StructureKind, id: number): string {
  return `/servicecatalog/${kind}/${id}`;
}

/** The image URL with the record's version, so a changed image gets a new URL (and the old may be cached for good). */
export function imagePath(kind: StructureKind, id: number, updatedAt: string): string {
  return `/images/${kind}/${id}?v=${encodeURIComponent(updatedAt)}`;
}
