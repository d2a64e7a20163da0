import { z } from "zod";
import { env } from "~/server/env.server";
import { guardedGet, TransportError, type RawAnswer } from "./factory-http.server";

/**
 * The client of the template server ("factory", issue 18 §2): another ServiceHub's open catalogue
 * API (app/modules/api), spoken over HTTP(S) with the X-Api-Key header. Every answer is outside
 * input: read with zod, bounded in size, and every request bounded in time. Page links in the
 * answers (`next_page_url`) are never followed — the client asks for `?page=n` on the configured
 * address itself, so an answer cannot send the key elsewhere; redirects are refused for the same
 * reason, and private addresses unless allowed (docs/decisions/0032-factory-import.md, 0050).
 */

export interface FactoryConnection {
  /** Origin (and path prefix, if any) of the other instance, e.g. `https://vorlagen.example.com`. */
  url: string;
  key: string;
  /** A release of the template server to import from (issue 35 §8); none: its approved services now. */
  release?: number | null;
}

/** Why a call failed, as the screens tell it: unreachable ("Connection error"), key refused, too many calls, or an unreadable answer. */
export type FactoryFailure = "unreachable" | "refused" | "rateLimited" | "invalid" | "notFound";

export class FactoryError extends Error {
  constructor(
    readonly failure: FactoryFailure,
    detail: string,
  ) {
    super(`template server: ${failure} (${detail})`);
  }
}

/** Per request; a page of 50 full services is a few hundred kilobytes. */
export const FACTORY_TIMEOUT_MS = 15_000;
/** The connection test answers quickly or not at all. */
export const FACTORY_TEST_TIMEOUT_MS = 5_000;
const MAX_BODY_BYTES = 20_000_000;
/** 50 a page: 50,000 services at most — a guard against an answer that never reaches its last page. */
export const MAX_PAGES = 1000;

const id = z.number().int().positive();
const nullableId = z.number().int().nullish().transform((v) => v ?? null);
const name = z.string().trim().min(1).max(255);

export const PageSchema = z.object({
  data: z.array(z.unknown()).max(500),
  current_page: z.number().int().positive(),
  last_page: z.number().int().positive(),
  total: z.number().int().nonnegative().optional(),
});

const CatalogueSchema = z.object({
  id: z.number().int(),
  title: z.string().max(500).nullish().transform((v) => v ?? null),
  services_count: z.number().int().nonnegative().optional().default(0),
});

/** What the lists need of an area, a category and a service; the full service is read at import (factory-service.ts). */
export const AreaItemSchema = z.object({ id, name, service_catalogue_id: nullableId });
export const CategoryItemSchema = z.object({ id, name, service_area_id: nullableId, service_catalogue_id: nullableId });
export const ServiceItemSchema = z.object({ id, name, category_id: nullableId, service_catalogue_id: nullableId });

const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => v ?? null);

export const KpiSchema = z.object({
  id,
  name,
  definition: optionalText(20_000),
  calculation: optionalText(20_000),
  measuring_points: optionalText(20_000),
});

export const ProviderSchema = z.object({
  id,
  name,
  description: optionalText(20_000),
  street: optionalText(255),
  zipcode: optionalText(255),
  city: optionalText(255),
  country: optionalText(255),
  contact_person: optionalText(255),
  email_contact: optionalText(255),
  website_link: optionalText(2000),
  company_profile: optionalText(20_000),
});

const ListSchema = z.object({ data: z.array(z.unknown()).max(10_000) });

/** A release as `GET /api/releases` lists it. */
export const ReleaseItemSchema = z.object({
  id,
  catalogue_id: nullableId,
  catalogue_title: z.string().max(255).nullish().transform((v) => v ?? null),
  label: z.string().trim().min(1).max(100),
  published_at: z.string().max(40),
  services_count: z.number().int().nonnegative(),
});
export type FactoryRelease = z.infer<typeof ReleaseItemSchema>;

export type FactoryCatalogue = z.infer<typeof CatalogueSchema>;
export type FactoryKpi = z.infer<typeof KpiSchema>;
export type FactoryProvider = z.infer<typeof ProviderSchema>;
export type PagedList = "areas" | "categories" | "services";

/** Items of a list answer that read as `schema`; the others are left out (and counted). */
export function readItems<S extends z.ZodType>(items: unknown[], schema: S): { items: z.infer<S>[]; unreadable: number } {
  const out: z.infer<S>[] = [];
  for (const item of items) {
    const parsed = schema.safeParse(item);
    if (parsed.success) out.push(parsed.data);
  }
  return { items: out, unreadable: items.length - out.length };
}

export interface ClientOptions {
  timeoutMs?: number;
  /** Loopback, link-local and private addresses allowed; default TEMPLATE_SERVER_ALLOW_PRIVATE (factory-address.server.ts). */
  allowPrivate?: boolean;
}

/** The normalised base address: trailing slash, no query or fragment. */
export function factoryBase(url: string): string {
  const parsed = new URL(url);
  parsed.search = "";
  parsed.hash = "";
  return parsed.href.endsWith("/") ? parsed.href : `${parsed.href}/`;
}

export function createFactoryClient(connection: FactoryConnection, options: ClientOptions = {}) {
  const allowPrivate = options.allowPrivate ?? env().TEMPLATE_SERVER_ALLOW_PRIVATE === "1";
  const timeoutMs = options.timeoutMs ?? FACTORY_TIMEOUT_MS;
  const base = factoryBase(connection.url);

  /** The JSON at `path` (relative to the base); a FactoryError for anything but a readable 200. */
  async function getJson(path: string): Promise<unknown> {
    let response: RawAnswer;
    try {
      response = await guardedGet(new URL(path, base), {
        headers: { Accept: "application/json", "X-Api-Key": connection.key },
        timeoutMs,
        maxBytes: MAX_BODY_BYTES,
        allowPrivate,
      });
    } catch (error) {
      if (error instanceof TransportError && error.kind === "tooLarge") throw new FactoryError("invalid", "answer too large");
      throw new FactoryError("unreachable", error instanceof Error ? error.message : String(error));
    }
    if (response.status === 401 || response.status === 403) throw new FactoryError("refused", `HTTP ${response.status}`);
    if (response.status === 429) throw new FactoryError("rateLimited", "HTTP 429");
    if (response.status === 404) throw new FactoryError("notFound", `HTTP 404 for ${path}`);
    if (response.status < 200 || response.status >= 300) throw new FactoryError("invalid", `HTTP ${response.status} for ${path}`);
    try {
      return JSON.parse(response.body);
    } catch {
      throw new FactoryError("invalid", `no JSON from ${path}`);
    }
  }

  function read<S extends z.ZodType>(schema: S, json: unknown, path: string): z.infer<S> {
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new FactoryError("invalid", `unexpected answer from ${path}`);
    return parsed.data;
  }

  /** One page of a paged list (`api/areas`, `api/releases/7/services`, …), its items as raw JSON (each read by the caller). */
  async function pageAt(list: string, n: number) {
    const path = `${list}?page=${n}`;
    return read(PageSchema, await getJson(path), path);
  }

  /** Every page of a paged list in turn, up to its last page. */
  async function allPages(list: string, onPage?: (page: number, lastPage: number) => void): Promise<unknown[]> {
    const first = await pageAt(list, 1);
    const lastPage = Math.min(first.last_page, MAX_PAGES);
    onPage?.(1, lastPage);
    const items = [...first.data];
    for (let n = 2; n <= lastPage; n++) {
      const next = await pageAt(list, n);
      items.push(...next.data);
      onPage?.(n, lastPage);
    }
    return items;
  }

  const page = (list: PagedList, n: number) => pageAt(`api/${list}`, n);

  return {
    base,
    page,

    /** `GET /api/servicecatalog`: the catalogues with their numbers (the connection test). */
    async catalogues(): Promise<FactoryCatalogue[]> {
      const json = read(ListSchema, await getJson("api/servicecatalog"), "api/servicecatalog");
      return readItems(json.data, CatalogueSchema).items;
    },

    /** Every page of a list in turn, up to its last page; `onPage` hears each page as it arrives. */
    all: (list: PagedList, onPage?: (page: number, lastPage: number) => void) => allPages(`api/${list}`, onPage),

    /** `GET /api/releases`: the template server's published releases (issue 35 §8). */
    async releases(): Promise<FactoryRelease[]> {
      const json = read(ListSchema, await getJson("api/releases"), "api/releases");
      return readItems(json.data, ReleaseItemSchema).items;
    },

    /** Every service of one release (`GET /api/releases/{id}/services?page=n`), raw, in the shape of /api/services. */
    releaseServices: (releaseId: number) => allPages(`api/releases/${releaseId}/services`),

    /** `GET /api/services/{id}`: one published service (raw; read with FactoryServiceSchema). */
    async service(serviceId: number): Promise<unknown> {
      const path = `api/services/${serviceId}`;
      return read(z.object({ data: z.unknown() }), await getJson(path), path).data;
    },

    async kpis(): Promise<FactoryKpi[]> {
      const json = read(ListSchema, await getJson("api/factory/kpis"), "api/factory/kpis");
      return readItems(json.data, KpiSchema).items;
    },

    async providers(): Promise<FactoryProvider[]> {
      const json = read(ListSchema, await getJson("api/factory/providers"), "api/factory/providers");
      return readItems(json.data, ProviderSchema).items;
    },
  };
}

export type FactoryClient = ReturnType<typeof createFactoryClient>;

