/**
 * Content languages (issue 37, docs/decisions/0081), client-safe. A catalogue's content is written
 * in its primary language; further languages hold translations, field by field.
 */

/**
 * The languages catalogues may offer until a superadmin sets the list (ISO 639-1 codes, named in
 * the reader's language by Intl, so no language name is a text key).
 */
export const CONTENT_LANGUAGES = ["de", "en", "fr", "it", "es", "nl", "pl", "cs", "da", "sv"] as const;
export const MAX_CONTENT_LANGUAGES = 30;
/** A code's shape (two or three lower-case letters); whether it is on the list is the server's to say. */
export const isContentLanguage = (value: unknown): value is string => typeof value === "string" && /^[a-z]{2,3}$/.test(value);

/** Whether Intl knows the code as a language (an unknown code is named by itself). */
export function isKnownLanguage(code: string): boolean {
  if (!isContentLanguage(code)) return false;
  try {
    const name = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" }).of(code);
    return Boolean(name) && name !== code;
  } catch {
    return false;
  }
}

/** "de, en; fr" → ["de", "en", "fr"]: lower-cased, each once, in the order given. */
export function parseLanguageList(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((code) => code.trim().toLowerCase()).filter(Boolean))];
}

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
