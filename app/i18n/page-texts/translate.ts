/**
 * What a page needs of i18next's `t()`, in 1 KB instead of 19 KB of script (decision 0083): a text
 * by its dotted key, `{{name}}` and `{{name, number}}` filled in, plurals by the language's rules
 * (`_zero` for a count of 0 where a text has one), a default value, a missing key shown as the
 * key. The browser and the server's page renderer both translate with it, so a page hydrates with
 * the server's very texts; mails, exports and loaders translate with i18next, and
 * tests/unit/i18n/page-texts.test.ts holds the two equal for every text in both languages.
 */

export type TextStore = Record<string, unknown>;
export type TextOptions = Record<string, unknown>;

const PLACEHOLDER = /\{\{(.+?)\}\}/g;

/** A dotted path into an object, as i18next walks resources and interpolation values. */
function walk(data: unknown, path: string): unknown {
  let current = data;
  for (const part of path.split(".")) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** The text at `key` ("ns:key" addresses a namespace; the browser's texts live in "common"). */
function lookup(store: TextStore | undefined, key: string): { found: unknown; key: string } {
  let path = key;
  let namespace = "common";
  const colon = key.indexOf(":");
  if (colon > -1) {
    const parts = key.split(":");
    namespace = parts.shift()!;
    path = parts.join(".");
  }
  return { found: namespace === "common" ? walk(store, path) : undefined, key: path };
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralSuffix(lng: string, count: number): string {
  let rules = pluralRules.get(lng);
  if (!rules) {
    rules = new Intl.PluralRules(lng);
    pluralRules.set(lng, rules);
  }
  return `_${rules.select(count)}`;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function formatValue(value: unknown, format: string, lng: string): unknown {
  if (format !== "number") return value;
  let formatter = numberFormats.get(lng);
  if (!formatter) {
    formatter = new Intl.NumberFormat(lng);
    numberFormats.set(lng, formatter);
  }
  return formatter.format(value as number);
}

function interpolate(text: string, data: TextOptions, lng: string): string {
  return text.replace(PLACEHOLDER, (match, inner: string) => {
    const [name, ...format] = inner.split(",");
    const variable = name.trim();
    let value = walk(data, variable);
    // A format applies even to a missing value (i18next writes "NaN" for a missing number).
    if (format.length) value = formatValue(value, format.join(",").trim(), lng);
    if (value === undefined) {
      // Given as undefined: empty; not given at all: the placeholder stays (i18next's skipOnVariables).
      return Object.prototype.hasOwnProperty.call(data, inner.trim()) ? "" : match;
    }
    return value === null ? "" : String(value);
  });
}

const isText = (value: unknown) => value !== undefined && value !== null;

/** Whether a text exists for `key` (i18next's `exists`). */
export function hasText(store: TextStore | undefined, key: string): boolean {
  return isText(lookup(store, key).found);
}

/** i18next's `t(key, options)` over one language's texts. */
export function translate(store: TextStore | undefined, lng: string, key: unknown, given?: TextOptions | string): string {
  if (key === undefined || key === null) return "";
  const options: TextOptions = typeof given === "string" ? { defaultValue: given } : (given ?? {});
  const name = String(key);
  const count = options.count;
  const plural = count !== undefined && typeof count !== "string";
  // i18next tries the most specific key first: zero, then the plural form, then the key itself.
  const candidates = [name];
  if (plural) candidates.push(name + pluralSuffix(lng, count as number));
  if (plural && count === 0) candidates.push(`${name}_zero`);
  let found: unknown;
  let shownKey = name;
  while (!isText(found) && candidates.length) {
    const result = lookup(store, candidates.pop()!);
    found = result.found;
    shownKey = result.key;
  }
  let text: string;
  if (!isText(found)) {
    const fallback = options.defaultValue;
    text = fallback !== undefined ? String(fallback) : lookup(undefined, name).key;
  } else if (typeof found === "object") {
    text = `key '${shownKey} (${lng})' returned an object instead of string.`;
  } else {
    text = String(found);
  }
  return interpolate(text, options, lng);
}
