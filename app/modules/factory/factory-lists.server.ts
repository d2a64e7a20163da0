import crypto from "node:crypto";
import {
  AreaItemSchema,
  CategoryItemSchema,
  ServiceItemSchema,
  createFactoryClient,
  factoryBase,
  FactoryError,
  readItems,
  type ClientOptions,
  type FactoryConnection,
  type PagedList,
} from "./factory-client.server";
import type { FactoryArea, FactoryCatalogueItem, FactoryCategory, FactoryLists, FactoryServiceItem, ListName, PageAnswer } from "./factory-types";
import { FACTORY_FAILURE } from "./factory-errors.server";
import { z } from "zod";

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
  /** The template server's release this was read from; absent: its approved services now. */
  release?: { id: number; label: string };
  at: number;
}

const cache = new Map<string, Snapshot>();
const pending = new Map<string, Promise<Snapshot>>();

const cacheKey = (connection: FactoryConnection) =>
  `${factoryBase(connection.url)}|${crypto.createHash("sha256").update(connection.key).digest("hex")}|${connection.release ?? "now"}`;

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

/** The services of a list answer, each once, with their raw JSON by id. */
function readServices(raw: unknown[]) {
  const services = new Map<number, unknown>();
  const items: FactoryServiceItem[] = [];
  for (const item of raw) {
    const parsed = ServiceItemSchema.safeParse(item);
    if (!parsed.success || services.has(parsed.data.id)) continue;
    services.set(parsed.data.id, item);
    items.push(toService(parsed.data));
  }
  return { services, items };
}

/** Walks every list of the template (its approved services now). */
async function walk(connection: FactoryConnection, options: ClientOptions): Promise<Snapshot> {
  if (connection.release) return walkRelease(connection, connection.release, options);
  const client = createFactoryClient(connection, options);
  const catalogues = await client.catalogues();
  const areas = readItems(await client.all("areas"), AreaItemSchema).items.map(toArea);
  const categories = readItems(await client.all("categories"), CategoryItemSchema).items.map(toCategory);
  const { services, items } = readServices(await client.all("services"));
  return {
    lists: { catalogues: catalogues.map((c) => ({ id: c.id, title: c.title })), areas, categories, services: items },
    services,
    at: Date.now(),
  };
}

const ReleasePlaceSchema = z.object({
  category_id: z.number().int().positive().nullish(),
  category_name: z.string().max(255).nullish(),
  area_id: z.number().int().positive().nullish(),
  area_name: z.string().max(255).nullish(),
});

/**
 * A release of the template server (issue 35 §8): its services from /api/releases/{id}/services,
 * its catalogue from /api/releases, and the areas and categories those services name (a release
 * publishes no lists of its own; categories without services are nothing to import anyway).
 */
async function walkRelease(connection: FactoryConnection, releaseId: number, options: ClientOptions): Promise<Snapshot> {
  const client = createFactoryClient(connection, options);
  const release = (await client.releases()).find((r) => r.id === releaseId);
  if (!release) throw new FactoryError("notFound", `release ${releaseId} is not published`);
  const raw = await client.releaseServices(releaseId);
  const { services, items } = readServices(raw);
  const catalogueId = release.catalogue_id;
  const areas = new Map<number, FactoryArea>();
  const categories = new Map<number, FactoryCategory>();
  for (const item of raw) {
    const place = ReleasePlaceSchema.safeParse(item);
    if (!place.success) continue;
    const { area_id, area_name, category_id, category_name } = place.data;
    if (area_id && area_name && !areas.has(area_id)) areas.set(area_id, { id: area_id, name: area_name, catalogueId });
    if (category_id && category_name && !categories.has(category_id)) categories.set(category_id, { id: category_id, name: category_name, areaId: area_id ?? null, catalogueId });
  }
  return {
    lists: {
      catalogues: catalogueId === null ? [] : [{ id: catalogueId, title: release.catalogue_title }],
      areas: [...areas.values()],
      categories: [...categories.values()],
      services: items,
    },
    services,
    release: { id: release.id, label: release.label },
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
    // A release has no paged lists of its own: the screen's walk reads the server's snapshot of it, all on one page.
    if (connection.release) return { ok: true, list, page: 1, lastPage: 1, items: (await loadSnapshot(connection, options)).lists[list] } as PageAnswer;
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
