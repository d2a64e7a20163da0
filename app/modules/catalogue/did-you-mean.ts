import { distance } from "fastest-levenshtein";

/** Words of a service name: letters and digits (a hyphenated name gives its parts). */
const WORD = /[\p{L}\p{N}]+/gu;

/** Edits a typo may take: one for short words, two from eight letters on. */
export function allowedEdits(term: string): number {
  return term.length >= 8 ? 2 : 1;
}

/**
 * The word of these names closest to a search term that found nothing ("Notbook" → "Notebook"),
 * within `allowedEdits` (issue 32 §11); null when none is that close. Ties go to the word that
 * occurs in more names, then the first seen, so the answer does not depend on luck.
 */
export function closestWord(term: string, names: readonly string[]): string | null {
  const needle = term.trim().toLowerCase();
  if (needle.length < 4 || !/^[\p{L}\p{N}]+$/u.test(needle)) return null;
  const limit = allowedEdits(needle);
  const found = new Map<string, { word: string; edits: number; names: number }>();
  for (const name of names) {
    const seen = new Set<string>();
    for (const word of name.match(WORD) ?? []) {
      const key = word.toLowerCase();
      if (seen.has(key) || Math.abs(key.length - needle.length) > limit) continue;
      seen.add(key);
      const known = found.get(key);
      if (known) {
        known.names += 1;
        continue;
      }
      const edits = distance(needle, key);
      if (edits > 0 && edits <= limit) found.set(key, { word, edits, names: 1 });
    }
  }
  let best: { word: string; edits: number; names: number } | null = null;
  for (const candidate of found.values()) {
    if (!best || candidate.edits < best.edits || (candidate.edits === best.edits && candidate.names > best.names)) best = candidate;
  }
  return best?.word ?? null;
}

/** The trigrams of a term, for the name index's pre-filter. */
export function trigrams(term: string): string[] {
  const text = term.toLowerCase();
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= text.length; i++) grams.add(text.slice(i, i + 3));
  return [...grams];
}
