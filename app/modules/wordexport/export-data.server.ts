import { sql, type Expression, type SqlBool } from "kysely";
import { readFrame } from "~/modules/catalogframe/frame-read.server";
import type { FrameView } from "~/modules/catalogframe/frame-types";
import { getCustomerData } from "~/modules/basedata/customer-data.server";
import { getCatalogue, isServiceAreaActive } from "~/modules/catalogue/catalogue.server";
import { serviceFilterConditions, type ServiceFilter } from "~/modules/catalogue/service-search.server";
import { listHeadlines } from "~/modules/masks/headlines.server";
import { hiddenForCategories } from "~/modules/masks/mask-rules.server";
import type { MaskHidden } from "~/modules/masks/masks-schema";
import { activeAttributeItems } from "~/modules/service/service-children-read.server";
import { DETAIL_TEXT_FIELDS, PERSONAL_TEXT_FIELDS } from "~/modules/service/service-sections";
import { TooManyServicesError } from "~/server/errors.server";
import type { Executor } from "~/server/audit.server";
import { imageOf, type ExportImage } from "./export-image.server";
import { chunks } from "~/lib/chunks";

/**
 * What a Word export holds, read in a fixed number of queries whatever the number of services:
 * the matching ids in one query (counted before anything else is read), then the services and
 * each kind of child (options, responsibilities, links, owners, providers, service levels, tags,
 * required services, attribute values, pictures) in one query per chunk of CHUNK ids (a bound on
 * the query parameters SQLite and Postgres accept), and the structure, headlines, masks, frame
 * and organisation once each.
 */

const CHUNK = 2_000;
/** Service pictures beyond this many base64 characters in one export are left out (memory, file size). */
export const PICTURE_BUDGET = 24_000_000;

/** Which services: a catalogue (optionally filtered), a selection of the browser, or one service. */
export type ExportScope =
  | { kind: "catalogue"; catalogueId: number; filter: ServiceFilter | null }
  | { kind: "selection"; catalogueId: number; areas: number[]; categories: number[]; services: number[] }
  | { kind: "service"; serviceId: number };

const SERVICE_COLUMNS = [
  "s.id",
  "s.name",
  "s.service_catalogue_id",
  "s.category_id",
  "s.position",
  "s.status",
  "s.statuspercent",
  "s.servicetype",
  "s.servicechangeplanned",
  "s.short_description",
  "s.description",
  "s.content",
  "s.advantages",
  ...DETAIL_TEXT_FIELDS.map((f) => `s.${f}` as const),
  "s.customerspecific",
  ...PERSONAL_TEXT_FIELDS.map((f) => `s.${f}` as const),
  "s.processingpersonaldata",
  "s.processingsensitivpersonaldata",
  "s.picture_mime",
] as const;

type ServiceWhere = Awaited<ReturnType<typeof serviceFilterConditions>>;

/** The matching services' ids in position order (the rows themselves are read by id, in chunks). */
async function serviceIds(db: Executor, where: ServiceWhere): Promise<number[]> {
  const rows = await db.selectFrom("services as s").where(where).select("s.id").orderBy("s.position").orderBy("s.id").execute();
  return rows.map((r) => r.id);
}

async function serviceRows(db: Executor, ids: number[]) {
  return db
    .selectFrom("services as s")
    .where("s.id", "in", ids)
    .select(SERVICE_COLUMNS)
    .select((eb) => eb.fn<number | null>("length", ["s.picture"]).as("picture_length"))
    .execute();
}

type ServiceRow = Awaited<ReturnType<typeof serviceRows>>[number];

/** The most services one export holds: 1,000 take about 1.2 s and 80 MB above the server's own memory (docs/benchmarks.md). */
export const MAX_EXPORT_SERVICES = 5_000;

export interface ExportOption {
  name: string;
  art_nr: string | null;
  short_description: string | null;
  description: string | null;
  costs: number;
}

export interface ExportService extends Omit<ServiceRow, "picture_length" | "picture_mime"> {
  picture: ExportImage | null;
  options: ExportOption[];
  responsibilities: { description: string | null; client: boolean; it: boolean }[];
  links: string[];
  owners: string[];
  providers: string[];
  kpis: string[];
  tags: string[];
  requires: string[];
  /** Filled attribute values (text, or the chosen dropdown value), in the attributes' order. */
  attributes: { id: number; designation: string; value: string }[];
}

export interface ExportData {
  scope: ExportScope["kind"];
  /** Whether the catalogue export was narrowed by a search or filter. */
  filtered: boolean;
  catalogue: { id: number; title: string | null; frameTitle: string | null };
  frame: FrameView | null;
  framePicture: ExportImage | null;
  areaActive: boolean;
  areas: { id: number; name: string; description: string | null }[];
  categories: { id: number; name: string; description: string | null; areaId: number | null }[];
  /** In document order: by area, category, then position. */
  services: ExportService[];
  /** Custom service headlines by position (positions without one use the built-in text). */
  headlines: Record<number, string>;
  hidden: Map<number, MaskHidden>;
  organisation: Awaited<ReturnType<typeof getCustomerData>>;
  /** Services whose picture was left out for the picture budget. */
  picturesLeftOut: number;
}


/** One query per chunk of ids; the rows of all chunks together. */
async function perChunk<T>(ids: number[], read: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (const chunk of chunks(ids, CHUNK)) out.push(...(await read(chunk)));
  return out;
}

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/** The WHERE of a selection: chosen services, the services of chosen categories, of the chosen areas' categories (spec 01 §4). */
function selectionCondition(scope: Extract<ExportScope, { kind: "selection" }>): ServiceWhere {
  return (eb) => {
    const any: Expression<SqlBool>[] = [];
    if (scope.services.length) any.push(eb("s.id", "in", scope.services));
    if (scope.categories.length) any.push(eb("s.category_id", "in", scope.categories));
    if (scope.areas.length) any.push(eb("s.category_id", "in", eb.selectFrom("service_categories").select("id").where("service_area_id", "in", scope.areas)));
    return eb.and([eb("s.deleted_at", "is", null), eb("s.service_catalogue_id", "=", scope.catalogueId), any.length ? eb.or(any) : sql<SqlBool>`1 = 0`]);
  };
}

/**
 * Null when the catalogue or the service does not exist (→ 404). Counts before it reads: more than
 * MAX_EXPORT_SERVICES throws TooManyServicesError.
 */
export async function loadExport(db: Executor, scope: ExportScope, max = MAX_EXPORT_SERVICES, stages: readonly string[] | null = null): Promise<ExportData | null> {
  let catalogueId: number;
  let ids: number[];
  if (scope.kind === "service") {
    const row = await db.selectFrom("services").select(["id", "service_catalogue_id"]).where("id", "=", scope.serviceId).where("deleted_at", "is", null).executeTakeFirst();
    if (!row || row.service_catalogue_id === null) return null;
    catalogueId = row.service_catalogue_id;
    ids = [row.id];
  } else {
    catalogueId = scope.catalogueId;
    const where: ServiceWhere =
      scope.kind === "selection"
        ? selectionCondition(scope)
        : scope.filter
          ? await serviceFilterConditions(db, catalogueId, scope.filter)
          : (eb) => eb.and([eb("s.deleted_at", "is", null), eb("s.service_catalogue_id", "=", catalogueId)]);
    ids = await serviceIds(db, where);
  }
  // Only these lifecycle stages (a customer's export: live services, issue 36 §2); one service outside them is not there.
  if (stages && ids.length) {
    const kept = new Set((await db.selectFrom("services").select("id").where("id", "in", ids).where("stage", "in", [...stages] as ("pipeline" | "live" | "retired")[]).execute()).map((r) => r.id));
    ids = ids.filter((id) => kept.has(id));
    if (scope.kind === "service" && !ids.length) return null;
  }
  if (ids.length > max) throw new TooManyServicesError(ids.length, max);
  const order = new Map(ids.map((id, i) => [id, i]));
  const rows = (await perChunk(ids, (chunk) => serviceRows(db, chunk))).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const catalogue = await getCatalogue(db, catalogueId);
  if (!catalogue) return null;
  const categoryIds = [...new Set(rows.map((r) => r.category_id).filter((id): id is number => id !== null))];

  const [areaActive, categories, headlineRows, hidden, organisation, frame, framePicture, attributeItems] = await Promise.all([
    isServiceAreaActive(db),
    categoryIds.length
      ? db
          .selectFrom("service_categories")
          .select(["id", "name", "description", "service_area_id", "position"])
          .where("id", "in", categoryIds)
          .orderBy("position")
          .orderBy("name")
          .orderBy("id")
          .execute()
      : [],
    listHeadlines(db),
    hiddenForCategories(db, categoryIds),
    getCustomerData(db),
    scope.kind === "service" ? null : readFrame(db, catalogueId),
    scope.kind === "service" ? null : readFramePicture(db, catalogueId),
    activeAttributeItems(db),
  ]);
  const areaIds = [...new Set(categories.map((c) => c.service_area_id).filter((id): id is number => id !== null))];
  const areas = areaIds.length
    ? await db.selectFrom("service_areas").select(["id", "name", "description", "position"]).where("id", "in", areaIds).orderBy("position").orderBy("name").orderBy("id").execute()
    : [];

  const children = await loadChildren(db, ids);
  const pictures = await loadPictures(db, rows);
  const attributeById = new Map(attributeItems.map((item, index) => [item.id, { ...item, index }]));

  const services: ExportService[] = rows.map(({ picture_length: _length, picture_mime: _mime, ...row }) => {
    const texts = children.texts.get(row.id) ?? [];
    const choices = children.choices.get(row.id) ?? [];
    const attributes: ExportService["attributes"] = [];
    for (const t of texts) {
      const item = attributeById.get(t.service_attribute_item_id);
      if (item && item.type === "text" && t.text?.trim()) attributes.push({ id: item.id, designation: item.designation, value: t.text });
    }
    for (const c of choices) {
      const item = attributeById.get(c.items_id);
      const slot = item?.slots.find((s) => s.reference === c.value_reference);
      if (item && item.type === "dropdown" && slot) attributes.push({ id: item.id, designation: item.designation, value: slot.value });
    }
    attributes.sort((a, b) => attributeById.get(a.id)!.index - attributeById.get(b.id)!.index);
    return {
      ...row,
      picture: pictures.images.get(row.id) ?? null,
      options: (children.options.get(row.id) ?? []).map((o) => ({ ...o, costs: Number(o.costs) })),
      responsibilities: (children.responsibilities.get(row.id) ?? []).map((r) => ({ description: r.description, client: Number(r.client) === 1, it: Number(r.it) === 1 })),
      links: (children.links.get(row.id) ?? []).map((l) => l.url),
      owners: names(children.owners.get(row.id)),
      providers: names(children.providers.get(row.id)),
      kpis: names(children.kpis.get(row.id)),
      tags: names(children.tags.get(row.id)),
      requires: names(children.requires.get(row.id)),
      attributes,
    };
  });

  return {
    scope: scope.kind,
    filtered: scope.kind === "selection" || (scope.kind === "catalogue" && scope.filter !== null),
    catalogue,
    frame,
    framePicture,
    areaActive,
    areas: areas.map(({ id, name, description }) => ({ id, name, description })),
    categories: categories.map((c) => ({ id: c.id, name: c.name, description: c.description, areaId: c.service_area_id })),
    services: inDocumentOrder(services, categories, areas, areaActive),
    headlines: Object.fromEntries(headlineRows.filter((h) => h.headline_text_custom?.trim()).map((h) => [h.position, h.headline_text_custom!.trim()])),
    hidden,
    organisation,
    picturesLeftOut: pictures.leftOut,
  };
}

const names = (rows: { name: string }[] | undefined) => (rows ?? []).map((r) => r.name).sort((a, b) => a.localeCompare(b, "de"));

/** Area by area (when areas are on), category by category, services by position; uncategorised last. */
export function inDocumentOrder(
  services: ExportService[],
  categories: { id: number; service_area_id: number | null }[],
  areas: { id: number }[],
  areaActive: boolean,
): ExportService[] {
  const areaRank = new Map(areas.map((a, i) => [a.id, i]));
  const categoryRank = new Map(categories.map((c, i) => [c.id, i]));
  const categoryArea = new Map(categories.map((c) => [c.id, c.service_area_id]));
  const key = (s: ExportService): [number, number] => {
    if (s.category_id === null || !categoryRank.has(s.category_id)) return [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
    const area = categoryArea.get(s.category_id) ?? null;
    // Categories without an area come after the areas.
    const a = !areaActive ? 0 : area === null ? Number.MAX_SAFE_INTEGER - 1 : (areaRank.get(area) ?? Number.MAX_SAFE_INTEGER - 1);
    return [a, categoryRank.get(s.category_id)!];
  };
  const keyed = services.map((s, i) => ({ s, k: key(s), i }));
  keyed.sort((x, y) => x.k[0] - y.k[0] || x.k[1] - y.k[1] || x.i - y.i);
  return keyed.map((x) => x.s);
}

async function loadChildren(db: Executor, ids: number[]) {
  // Each relation's names in one query per chunk (spelled out: Kysely cannot type a table name chosen at run time).
  const owners = () =>
    perChunk(ids, (chunk) => db.selectFrom("service_owners as j").innerJoin("owners as t", "t.id", "j.owner_id").select(["j.service_id", "t.name"]).where("j.service_id", "in", chunk).execute());
  const providers = () =>
    perChunk(ids, (chunk) =>
      db.selectFrom("service_providers as j").innerJoin("providers as t", "t.id", "j.provider_id").select(["j.service_id", "t.name"]).where("j.service_id", "in", chunk).execute(),
    );
  const kpis = () =>
    perChunk(ids, (chunk) => db.selectFrom("service_kpis as j").innerJoin("kpis as t", "t.id", "j.kpi_id").select(["j.service_id", "t.name"]).where("j.service_id", "in", chunk).execute());
  const tags = () =>
    perChunk(ids, (chunk) => db.selectFrom("service_tags as j").innerJoin("tags as t", "t.id", "j.tag_id").select(["j.service_id", "t.name"]).where("j.service_id", "in", chunk).execute());
  const [options, responsibilities, links, ownerRows, providerRows, kpiRows, tagRows, requires, texts, choices] = await Promise.all([
    perChunk(ids, (chunk) =>
      db
        .selectFrom("service_options")
        .select(["service_id", "name", "art_nr", "short_description", "description", "costs"])
        .where("service_id", "in", chunk)
        .orderBy("service_id")
        .orderBy("position")
        .orderBy("id")
        .execute(),
    ),
    perChunk(ids, (chunk) =>
      db.selectFrom("responsibilities").select(["service_id", "description", "client", "it"]).where("service_id", "in", chunk).orderBy("service_id").orderBy("pos").orderBy("id").execute(),
    ),
    perChunk(ids, (chunk) => db.selectFrom("service_links").select(["service_id", "url"]).where("service_id", "in", chunk).orderBy("service_id").orderBy("position").orderBy("id").execute()),
    owners(),
    providers(),
    kpis(),
    tags(),
    perChunk(ids, (chunk) =>
      db
        .selectFrom("service_dependencies as d")
        .innerJoin("services as r", "r.id", "d.required_service_id")
        .select(["d.service_id", "r.name"])
        .where("d.service_id", "in", chunk)
        .where("r.deleted_at", "is", null)
        .execute(),
    ),
    perChunk(ids, (chunk) => db.selectFrom("service_attribute_text_items").select(["service_id", "service_attribute_item_id", "text"]).where("service_id", "in", chunk).execute()),
    perChunk(ids, (chunk) => db.selectFrom("service_dropdown_items").select(["service_id", "items_id", "value_reference"]).where("service_id", "in", chunk).execute()),
  ]);
  const byService = <T extends { service_id: number }>(rows: T[]) => groupBy(rows, (r) => r.service_id);
  return {
    options: byService(options),
    responsibilities: byService(responsibilities),
    links: byService(links),
    owners: byService(ownerRows),
    providers: byService(providerRows),
    kpis: byService(kpiRows),
    tags: byService(tagRows),
    requires: byService(requires),
    texts: byService(texts),
    choices: byService(choices),
  };
}

/** Takes what a picture of this many base64 characters costs of the budget; false (and counted) when it does not fit. */
export function pictureBudget(budget = PICTURE_BUDGET) {
  let left = budget;
  let leftOut = 0;
  return {
    take(length: number): boolean {
      if (length > left) {
        leftOut++;
        return false;
      }
      left -= length;
      return true;
    },
    get leftOut() {
      return leftOut;
    },
  };
}

/** The services' pictures, in the order read, until PICTURE_BUDGET is spent. */
async function loadPictures(db: Executor, rows: ServiceRow[]) {
  const budget = pictureBudget();
  const wanted: number[] = [];
  for (const row of rows) {
    const length = Number(row.picture_length ?? 0);
    if (!length || !row.picture_mime) continue;
    if (budget.take(length)) wanted.push(row.id);
  }
  const images = new Map<number, ExportImage>();
  const found = await perChunk(wanted, (chunk) => db.selectFrom("services").select(["id", "picture"]).where("id", "in", chunk).execute());
  for (const row of found) {
    const image = imageOf(row.picture);
    if (image) images.set(row.id, image);
  }
  return { images, leftOut: budget.leftOut };
}

async function readFramePicture(db: Executor, catalogueId: number): Promise<ExportImage | null> {
  const row = await db.selectFrom("catalog_frames").select("picture").where("service_catalogue_id", "=", catalogueId).executeTakeFirst();
  return imageOf(row?.picture ?? null);
}
