/**
 * The one reading of record ids from URLs and forms (issue 33 §3). An id is written in digits and
 * fits the database's integer column (1 … 2^31−1): "1e3", "0x10", " 7" or 99999999999 are no id,
 * so a bad id is a 404 or dropped before it reaches a query — never a Postgres range error (500).
 * Client-safe (query parsers the browser bundles use it too); `idOr404` in
 * app/server/ids.server.ts refuses with it.
 */

/** The largest id the database's integer columns hold. */
export const MAX_ID = 2_147_483_647;

/** The id written in `raw`, or null when it is none. */
export function parseId(raw: unknown): number | null {
  if (typeof raw !== "string" || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/**
 * The ids of a list parameter, read leniently (filters, selections in a URL): repeated fields
 * (`id=3&id=7`), comma lists (`ids=3,7`) or both; what is no id is dropped, each id once, in order.
 */
export function parseIdList(values: readonly unknown[] | string | null | undefined): number[] {
  const list = values == null ? [] : typeof values === "string" ? [values] : values;
  const ids = new Set<number>();
  for (const value of list) {
    if (typeof value !== "string") continue;
    for (const part of value.split(",")) {
      const id = parseId(part.trim());
      if (id !== null) ids.add(id);
    }
  }
  return [...ids];
}

/** A catalogue id: a record id, or -1, the static catalogue (STATIC_CATALOGUE_ID, decision 0030). */
export function parseCatalogueId(raw: unknown): number | null {
  return raw === "-1" ? -1 : parseId(raw);
}
