/**
 * Initials and avatar letters for names (spec 01 §9 "Initials helper").
 *
 * Pure and client-safe: used by the top bar avatar and by lists that show a
 * short badge for owners, providers and catalogues.
 */

/** Filler words that carry no meaning in an initial ("Amt für Umwelt und Natur"). */
const SKIPPED_WORDS = new Set(["and", "und", "of", "von"]);

/** The spec caps initials at three letters so badges stay small. */
const MAX_WORDS = 3;

/** First letter or digit of a word; punctuation such as "(" or "&" is not an initial. */
const FIRST_ALNUM = /[\p{L}\p{N}]/u;

function upperInitial(char: string): string {
  const upper = char.toUpperCase();
  // "ß".toUpperCase() is "SS": an initial must stay a single character.
  return Array.from(upper).length === 1 ? upper : char;
}

function initialOf(word: string): string | null {
  const match = FIRST_ALNUM.exec(word);
  return match ? upperInitial(match[0]) : null;
}

/**
 * Upper-case initials of at most three words, skipping "and", "und", "of" and
 * "von" (case-insensitive). Words without any letter or digit (e.g. "&", "-")
 * are skipped too, so they neither add a symbol nor use up one of the three
 * slots. Empty or whitespace-only input gives "".
 *
 * @example initials("Amt für Umwelt und Natur von Bayern") // "AFU"
 */
export function initials(name: string | null | undefined): string {
  if (!name) return "";
  const letters: string[] = [];
  for (const word of name.trim().split(/\s+/u)) {
    if (letters.length === MAX_WORDS) break;
    if (SKIPPED_WORDS.has(word.toLowerCase())) continue;
    const letter = initialOf(word);
    if (letter) letters.push(letter);
  }
  return letters.join("");
}

/**
 * The single letter shown in the user avatar (spec 01 §2 "Top bar"): the
 * first letter or digit of the name, upper-cased; "?" when there is none, so
 * the avatar never renders empty.
 */
export function firstLetter(name: string | null | undefined): string {
  if (!name) return "?";
  return initialOf(name) ?? "?";
}
