import type { TFunction } from "i18next";

const SLOT = "\u0000";

/**
 * i18next's t() costs ~10 µs with interpolation or plurals, and the catalogue browser calls it
 * a few hundred times per page for the same handful of keys. These helpers translate once and
 * reuse the result; they are pure in (language, key, value), because resources never change.
 */
export function templated(t: TFunction, key: string, variable: string): (value: string) => string {
  const [before, after = ""] = t(key, { [variable]: SLOT }).split(SLOT);
  return (value) => before + value + after;
}

const counted = new Map<string, string>();
const MAX_COUNTED = 10_000;

/** t(key, { count }) for a language, remembered across requests (counts repeat page after page). */
export function countText(t: TFunction, language: string, key: string, count: number): string {
  const id = `${language}\u0001${key}\u0001${count}`;
  let text = counted.get(id);
  if (text === undefined) {
    text = t(key, { count });
    if (counted.size >= MAX_COUNTED) counted.clear();
    counted.set(id, text);
  }
  return text;
}
