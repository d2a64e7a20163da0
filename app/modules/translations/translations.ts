/**
 * Content languages (issue 37, docs/decisions/0081), client-safe. A catalogue's content is written
 * in its primary language; further languages hold translations, field by field.
 */

/** The languages a catalogue may offer (ISO 639-1), named in the reader's language by the browser's Intl. */
export const CONTENT_LANGUAGES = ["de", "en", "fr", "it", "es", "nl", "pl", "cs", "da", "sv"] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];
export const isContentLanguage = (value: unknown): value is ContentLanguage => CONTENT_LANGUAGES.includes(value as ContentLanguage);

/** A language's own name in the reader's interface language ("Englisch", "English"). */
export function languageName(code: string, interfaceLanguage: string): string {
  try {
    const name = new Intl.DisplayNames([interfaceLanguage], { type: "language" }).of(code);
    return name ? name.charAt(0).toUpperCase() + name.slice(1) : code;
  } catch {
    return code;
  }
}

export type DiffPart = { text: string; change?: "added" | "removed" };

/** One field's translation as the page shows it. */
export interface FieldTranslation {
  value: string;
  /** "outdated": the source text changed after the translation was written. */
  outdated: boolean;
  /** How the source changed since (words), when outdated. */
  sourceDiff: DiffPart[] | null;
  updatedAt: string;
}

/** What the service page knows of the content languages. */
export interface ContentPanel {
  primary: string;
  /** Primary first. */
  languages: string[];
  /** The language shown. */
  current: string;
  /** The translations of `current` (null when it is the primary language). */
  translations: Record<string, FieldTranslation> | null;
}
