import crypto from "node:crypto";
import {
  AreaItemSchema,
  CategoryItemSchema,
  ServiceItemSchema,
  createFactoryClient,
  factoryBase,
  readItems,
  type ClientOptions,
  type FactoryConnection,
  type PagedList,
} from "./factory-client.server";
import type { FactoryArea, FactoryCatalogueItem, FactoryCategory, FactoryLists, FactoryServiceItem, ListName, PageAnswer } from "./factory-types";
import { FACTORY_FAILURE } from "./factory-errors.server";

/**
 * The template's whole catalogue, loaded page by page to the last page (spec 02 §4), kept a few
 * minutes per server process: the selection screen without JS, its search and the import read
 * one snapshot instead of walking every page again. "Load again" (and the list with JS, which
 * walks the pages itself to show its progress) always fetches afresh.
 */

export const SNAPSHOT_TTL_MS = 5 * 60_000;

export interface Snapshot {
  lists: FactoryLists;
  /** The full template services by id, as the API sent them (read at import). */
  services: Map<number, unknown>;
  at: number;
}

const cache = new Map<string, Snapshot>();
const pending = new Map<string, Promise<Snapshot>>();

const cacheKey = (connection: FactoryConnection) => `${factoryBase(connection.url)}|${crypto.createHash("sha256").update(connection.key).digest("hex")}`;

export const toArea = (a: { id: number; name: string; service_catalogue_id: number | null }): FactoryArea => ({ id: a.id, name: a.name, catalogueId: a.service_catalogue_id });
export const toCategory = (c: { id: number; name: string; service_area_id: number | null; service_catalogue_id: number | null }): FactoryCategory => ({
  id: c.id,
  name: c.name,
  areaId: c.service_area_id,
  catalogueId: c.service_catalogue_id,
});
export const toService = (s: { id: number; name: string; category_id: number | null; service_catalogue_id: number | null }): FactoryServiceItem => ({
  id: s.id,
  name: s.name,
  categoryId: s.category_id,
  catalogueId: s.service_catalogue_id,
});

/** Walks every list of the template. */
async function walk(connection: FactoryConnection, options: ClientOptions): Promise<Snapshot> {
  const client = createFactoryClient(connection, options);
  const catalogues = await client.catalogues();
  const areas = readItems(await client.all("areas"), AreaItemSchema).items.map(toArea);
  const categories = readItems(await client.all("categories"), CategoryItemSchema).items.map(toCategory);
  const raw = await client.all("services");
  const services = new Map<number, unknown>();
  const items: FactoryServiceItem[] = [];
  for (const item of raw) {
    const parsed = ServiceItemSchema.safeParse(item);
    if (!parsed.success || services.has(parsed.data.id)) continue;
    services.set(parsed.data.id, item);
    items.push(toService(parsed.data));
  }
  return {
    lists: { catalogues: catalogues.map((c) => ({ id: c.id, title: c.title })), areas, categories, services: items },
    services,
    at: Date.now(),
  };
}

/**
 * The template's catalogue: the snapshot of the last few minutes, or (`fresh`, or none) walked now.
 * Concurrent requests share one walk. Throws FactoryError.
 */
export async function loadSnapshot(connection: FactoryConnection, opts: { fresh?: boolean } & ClientOptions = {}): Promise<Snapshot> {
  const key = cacheKey(connection);
  const cached = cache.get(key);
  if (!opts.fresh && cached && Date.now() - cached.at < SNAPSHOT_TTL_MS) return cached;
  let running = pending.get(key);
  if (!running) {
    running = walk(connection, opts)
      .then((snapshot) => {
        // One template server at a time: an older connection's snapshot is dropped.
        cache.clear();
        cache.set(key, snapshot);
        return snapshot;
      })
      .finally(() => pending.delete(key));
    pending.set(key, running);
  }
  return running;
}

/** Forgets the snapshots (the connection changed). */
export function clearSnapshots() {
  cache.clear();
}

/** One page of one list for the screen's own walk (with JS), names and ids only. */
export async function listPage(connection: FactoryConnection, list: ListName, page: number, options: ClientOptions = {}): Promise<PageAnswer> {
  const client = createFactoryClient(connection, options);
  try {
    if (list === "catalogues") {
      const items: FactoryCatalogueItem[] = (await client.catalogues()).map((c) => ({ id: c.id, title: c.title }));
      return { ok: true, list, page: 1, lastPage: 1, items };
    }
    const answer = await client.page(list as PagedList, page);
    const lastPage = Math.max(1, Math.min(answer.last_page, 1000));
    const items =
      list === "areas"
        ? readItems(answer.data, AreaItemSchema).items.map(toArea)
        : list === "categories"
          ? readItems(answer.data, CategoryItemSchema).items.map(toCategory)
          : readItems(answer.data, ServiceItemSchema).items.map(toService);
    return { ok: true, list, page: answer.current_page, lastPage, items };
  } catch (error) {
    console.error(`[factory] ${list} page ${page}:`, error instanceof Error ? error.message : error);
    return { ok: false, error: FACTORY_FAILURE };
  }
}
