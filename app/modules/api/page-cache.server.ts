import crypto from "node:crypto";
import zlib from "node:zlib";
import type { Executor } from "~/server/audit.server";

/**
 * The catalogue API's serialised pages, per server process (issue 34 §4, decision 0062). A page of
 * 50 full services is ≈ 250 KB of JSON that costs tens of milliseconds to read and serialise; the
 * factory client asks for the same pages again and again while the catalogue rarely changes.
 *
 * A page is reused only while `catalogue_changes.version` is unchanged: triggers on every table the
 * API shows move it inside the writing transaction (migration 0023), so a write through any path,
 * on any app server, invalidates it. The version is read *before* the page is computed, so a page
 * is never stored under a newer version than its data (a write in between only costs a recompute).
 *
 * The ETag is a hash of the bytes, so servers agree on it and it changes exactly when the body
 * does. The API has one organisation-wide key and the same content for every caller; a 304 is only
 * answered after the key check (the caller passes it first).
 */

/** Bytes of JSON kept per database handle (about 130 pages of 50 full services). */
const MAX_BYTES = 32 * 1024 * 1024;

interface Entry {
  version: string;
  value: Promise<CachedPage>;
  bytes: number;
}

/**
 * A page as sent: its UTF-8 bytes and their gzip (both made once, not per request; the server's
 * compression middleware leaves an answer that is already encoded alone) and their ETag.
 */
export interface CachedPage {
  body: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  etag: string;
}

const caches = new WeakMap<object, Map<string, Entry>>();

/** The catalogue's change counter (a string: Postgres returns bigint as text), or null without one. */
export async function catalogueVersion(db: Executor): Promise<string | null> {
  try {
    const row = await db.selectFrom("catalogue_changes").select("version").where("id", "=", 1).executeTakeFirst();
    return row ? String(row.version) : null;
  } catch {
    return null;
  }
}

// Weak: the server's compression may send the same page gzipped under the same tag.
const etagOf = (body: Uint8Array) => `W/"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
const opaque = (tag: string) => tag.trim().replace(/^W\//, "");

/** Whether an If-None-Match header names this ETag (weak comparison, in a list, or `*`). */
export function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

function evict(cache: Map<string, Entry>) {
  let total = 0;
  for (const entry of cache.values()) total += entry.bytes;
  for (const [key, entry] of cache) {
    if (total <= MAX_BYTES) break;
    cache.delete(key);
    total -= entry.bytes;
  }
}

/** The serialised page for `key` and its ETag: from the cache while the catalogue is unchanged, else computed. */
export async function cachedPage(db: Executor, key: string, compute: () => Promise<unknown>): Promise<CachedPage> {
  const version = await catalogueVersion(db);
  const serialise = async () => {
    const body = new TextEncoder().encode(JSON.stringify(await compute()));
    return { body, gzip: new Uint8Array(zlib.gzipSync(body)), etag: etagOf(body) };
  };
  if (version === null) return serialise();
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const hit = cache.get(key);
  if (hit && hit.version === version) {
    // Most recently used last: the oldest entry is the first to go.
    cache.delete(key);
    cache.set(key, hit);
    return hit.value;
  }
  // Requests arriving while a page is computed share the computation.
  const entry: Entry = { version, value: serialise(), bytes: 0 };
  cache.set(key, entry);
  entry.value.then(
    (page) => {
      entry.bytes = page.body.length + page.gzip.length;
      if (cache.get(key) === entry) evict(cache);
    },
    () => {
      if (cache.get(key) === entry) cache.delete(key);
    },
  );
  return entry.value;
}

/** Whether Accept-Encoding allows gzip (named without `q=0`, or `*`). */
export function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return (name.trim() === "gzip" || name.trim() === "*") && !(q && Number(q.slice(2)) === 0);
  });
}

/**
 * The API's JSON answer with an ETag; 304 without a body when the caller's If-None-Match names it.
 * `private, no-cache`: shared caches keep nothing (the key is a credential), the caller revalidates
 * every time, so the key check and the rate limit apply to every request.
 */
export function pageResponse(request: Request, page: CachedPage): Response {
  const headers = { ETag: page.etag, "Cache-Control": "private, no-cache", Vary: "X-Api-Key, Accept-Encoding" };
  if (matchesEtag(request.headers.get("If-None-Match"), page.etag)) return new Response(null, { status: 304, headers });
  const json = { ...headers, "Content-Type": "application/json; charset=utf-8" };
  if (acceptsGzip(request.headers.get("Accept-Encoding"))) return new Response(page.gzip, { status: 200, headers: { ...json, "Content-Encoding": "gzip" } });
  return new Response(page.body, { status: 200, headers: json });
}
