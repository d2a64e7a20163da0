import crypto from "node:crypto";
import type { Executor } from "~/server/audit.server";
import { activeAttributeItems } from "~/modules/service/service-children-read.server";
import { SERVICE_BOOKKEEPING } from "~/modules/service/service-fields";
import { hiddenForCategories } from "~/modules/masks/mask-rules.server";
import { readFrame } from "~/modules/catalogframe/frame-read.server";
import { catalogueLanguages, translationsOf, translationTexts } from "~/modules/translations/translations.server";
import type { ReleaseItemKind } from "~/server/db/schema";
import type { ServiceContent } from "./release-types";

export type { ServiceContent } from "./release-types";

/**
 * What a release freezes, one piece of content at a time (issue 35 §1, decision 0068). Every piece
 * is canonical JSON (keys sorted) so equal content gives equal bytes and one content hash, whoever
 * published it and whenever: bookkeeping that changes on every save (timestamps, who saved, status,
 * position, the category a service sits in) is kept out — place and order live in the release item.
 * Base data is its own content, referenced by id, so renaming an owner changes one piece, not every
 * service that names it.
 */

/** Columns of a service that are workflow or placement, not content. */
const NOT_CONTENT = new Set([
  "id",
  "service_catalogue_id",
  "category_id",
  "status",
  "statuspercent",
  "position",
  // How often it is reviewed is the working copy's business, not what a release hands customers.
  "review_interval_months",
  // Releases hold live services only (issue 36 §2): the stage says nothing there.
  "stage",
  "retired_at",
  "successor_id",
  ...SERVICE_BOOKKEEPING,
]);


export interface Piece {
  kind: ReleaseItemKind;
  itemId: number;
  parentId: number | null;
  name: string;
  position: number;
  body: string;
  hash: string;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** Canonical JSON: keys sorted at every depth, no whitespace. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

/** Canonical JSON of a value and its SHA-256 (hex): a row of release_contents. */
export function contentOf(value: unknown): { hash: string; body: string } {
  const body = canonicalJson(value);
  return { hash: crypto.createHash("sha256").update(body).digest("hex"), body };
}

export function piece(kind: ReleaseItemKind, itemId: number, parentId: number | null, name: string, position: number, content: unknown): Piece {
  return { kind, itemId, parentId, name, position, ...contentOf(content) };
}

const flag = (value: unknown) => Number(value) === 1;

function groupBy<T extends { service_id: number }>(rows: T[]) {
  const map = new Map<number, Omit<T, "service_id">[]>();
  for (const { service_id, ...rest } of rows) {
    const list = map.get(service_id);
    if (list) list.push(rest);
    else map.set(service_id, [rest]);
  }
  return map;
}

function idsBy(rows: { service_id: number; ref: number }[]) {
  const map = new Map<number, number[]>();
  for (const row of rows) map.set(row.service_id, [...(map.get(row.service_id) ?? []), Number(row.ref)]);
  for (const list of map.values()) list.sort((a, b) => a - b);
  return map;
}

/**
 * The content of these services (a batch; a fixed number of queries whatever its size), in the
 * order of `ids`. Required services are kept by id; the reader shows those the release contains.
 */
export async function serviceContents(db: Executor, ids: number[]) {
  if (!ids.length) return [];
  const [services, options, responsibilities, links, owners, providers, kpis, tags, requires, texts, choices, translations, partTranslations] = await Promise.all([
    db.selectFrom("services").selectAll().where("id", "in", ids).execute(),
    db
      .selectFrom("service_options")
      .select(["service_id", "id", "name", "short_description", "description", "art_nr", "costs", "position", "picture", "picture_mime"])
      .where("service_id", "in", ids)
      .orderBy("position")
      .orderBy("id")
      .execute(),
    db.selectFrom("responsibilities").select(["service_id", "id", "pos", "description", "client", "it"]).where("service_id", "in", ids).orderBy("pos").orderBy("id").execute(),
    db.selectFrom("service_links").select(["service_id", "id", "url", "position"]).where("service_id", "in", ids).orderBy("position").orderBy("id").execute(),
    db.selectFrom("service_owners").select(["service_id", "owner_id as ref"]).where("service_id", "in", ids).execute(),
    db.selectFrom("service_providers").select(["service_id", "provider_id as ref"]).where("service_id", "in", ids).execute(),
    db.selectFrom("service_kpis").select(["service_id", "kpi_id as ref"]).where("service_id", "in", ids).execute(),
    db.selectFrom("service_tags").select(["service_id", "tag_id as ref"]).where("service_id", "in", ids).execute(),
    db.selectFrom("service_dependencies").select(["service_id", "required_service_id as ref"]).where("service_id", "in", ids).execute(),
    db.selectFrom("service_attribute_text_items").select(["service_id", "service_attribute_item_id as item", "text"]).where("service_id", "in", ids).execute(),
    db.selectFrom("service_dropdown_items").select(["service_id", "items_id as item", "value_reference"]).where("service_id", "in", ids).execute(),
    translationsOf(db, "service", ids),
    translationsOf(db, "serviceparts", ids),
  ]);
  const byId = new Map(services.map((s) => [s.id, s]));
  const [optionsOf, responsibilitiesOf, linksOf] = [groupBy(options), groupBy(responsibilities), groupBy(links)];
  const [ownersOf, providersOf, kpisOf, tagsOf, requiresOf] = [owners, providers, kpis, tags, requires].map(idsBy);
  const attributesOf = new Map<number, Record<string, string>>();
  for (const row of [...texts.map((t) => ({ ...t, value: t.text })), ...choices.map((c) => ({ ...c, value: c.value_reference }))]) {
    if (row.value == null || row.value === "") continue;
    attributesOf.set(row.service_id, { ...attributesOf.get(row.service_id), [String(row.item)]: row.value });
  }
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const fields = Object.fromEntries(Object.entries(row).filter(([key]) => !NOT_CONTENT.has(key)));
    const content: ServiceContent = {
      ...fields,
      owners: ownersOf.get(id) ?? [],
      providers: providersOf.get(id) ?? [],
      kpis: kpisOf.get(id) ?? [],
      tags: tagsOf.get(id) ?? [],
      requires: requiresOf.get(id) ?? [],
      options: (optionsOf.get(id) ?? []).map((o) => ({ ...o, costs: Number(o.costs) })),
      responsibilities: (responsibilitiesOf.get(id) ?? []).map((r) => ({ ...r, client: flag(r.client), it: flag(r.it) })),
      links: linksOf.get(id) ?? [],
      attributes: attributesOf.get(id) ?? {},
    };
    // Every language is frozen with the original (issue 37 §4); only when there is a translation,
    // so a service's content hash is the same as in releases published before languages existed.
    // Its options', responsibilities' and attributes' translations (fields `option.<id>.name`, …) beside its own.
    const translated = translationTexts(translations.get(id));
    for (const [language, fields] of Object.entries(translationTexts(partTranslations.get(id)))) translated[language] = { ...translated[language], ...fields };
    if (Object.keys(translated).length) content.translations = translated;
    return [{ row, content }];
  });
}

/** Areas and categories of the catalogue as pieces; categories carry what the attribute masks hide in them. */
export async function structurePieces(db: Executor, catalogueId: number): Promise<Piece[]> {
  const [areas, categories] = await Promise.all([
    db.selectFrom("service_areas").select(["id", "name", "description", "image", "image_mime", "position"]).where("service_catalogue_id", "=", catalogueId).execute(),
    db
      .selectFrom("service_categories")
      .select(["id", "service_area_id", "name", "description", "image", "image_mime", "position"])
      .where("service_catalogue_id", "=", catalogueId)
      .execute(),
  ]);
  const hidden = await hiddenForCategories(
    db,
    categories.map((c) => c.id),
  );
  return [
    ...areas.map((a) => piece("area", a.id, null, a.name, a.position, { name: a.name, description: a.description, image: a.image, image_mime: a.image_mime })),
    ...categories.map((c) =>
      piece("category", c.id, c.service_area_id, c.name, c.position, {
        name: c.name,
        description: c.description,
        image: c.image,
        image_mime: c.image_mime,
        hidden: hidden.get(c.id) ?? null,
      }),
    ),
  ];
}

/** The base data the services reference, resolved as it is now (owners with their representatives). */
export async function baseDataPieces(db: Executor, refs: { owners: Set<number>; providers: Set<number>; kpis: Set<number>; tags: Set<number> }): Promise<Piece[]> {
  const list = (set: Set<number>) => (set.size ? [...set] : [0]);
  const [owners, representatives, providers, kpis, tags, terms] = await Promise.all([
    db.selectFrom("owners").select(["id", "name"]).where("id", "in", list(refs.owners)).execute(),
    db.selectFrom("owner_representatives").select(["owner_id", "name", "email", "position"]).where("owner_id", "in", list(refs.owners)).orderBy("position").orderBy("id").execute(),
    db
      .selectFrom("providers")
      .select(["id", "name", "description", "street", "zipcode", "city", "country", "contact_person", "email_contact", "website_link", "company_profile"])
      .where("id", "in", list(refs.providers))
      .execute(),
    db.selectFrom("kpis").select(["id", "name", "definition", "calculation", "measuring_points"]).where("id", "in", list(refs.kpis)).execute(),
    db.selectFrom("tags").select(["id", "name", "description"]).where("id", "in", list(refs.tags)).execute(),
    // The glossary is the catalogue's vocabulary: all of it.
    db.selectFrom("term_definitions").select(["id", "term", "link", "definition"]).execute(),
  ]);
  return [
    ...owners.map((o) =>
      piece("owner", o.id, null, o.name, 0, { name: o.name, representatives: representatives.filter((r) => r.owner_id === o.id).map(({ owner_id: _, ...r }) => r) }),
    ),
    ...providers.map(({ id, ...p }) => piece("provider", id, null, p.name, 0, p)),
    ...kpis.map(({ id, ...k }) => piece("kpi", id, null, k.name, 0, k)),
    ...tags.map(({ id, ...t }) => piece("tag", id, null, t.name, 0, t)),
    ...terms.map(({ id, ...t }) => piece("term", id, null, t.term, 0, t)),
  ];
}

/** The catalogue's own content: title, introduction, picture, cover sheet, attribute definitions, section headlines. */
export async function headerContent(db: Executor, catalogueId: number) {
  const [catalogue, frame, framePicture, attributes, headlines, organisation, languages] = await Promise.all([
    db.selectFrom("service_catalogues").select(["title", "introduction", "picture", "picture_mime"]).where("id", "=", catalogueId).executeTakeFirst(),
    readFrame(db, catalogueId),
    db.selectFrom("catalog_frames").select(["picture", "picture_mime"]).where("service_catalogue_id", "=", catalogueId).executeTakeFirst(),
    activeAttributeItems(db),
    db.selectFrom("service_headlines").select(["position", "headline_text_custom"]).orderBy("position").execute(),
    // The organisation's address as the Word export prints it (basedata/customer-data.server.ts reads the same row).
    db.selectFrom("customer_data").select(["company", "companyadditional", "street", "zipcode", "city", "country"]).where("id", "=", 1).executeTakeFirst(),
    catalogueLanguages(db, catalogueId),
  ]);
  // The frame's version stamps say when it was saved, not what it says.
  const { updatedAt: _u, picture: _p, ...frameContent } = frame;
  return {
    title: catalogue?.title ?? null,
    introduction: catalogue?.introduction ?? null,
    picture: catalogue?.picture ?? null,
    picture_mime: catalogue?.picture_mime ?? null,
    frame: { ...frameContent, sections: frame.sections.map(({ updated_at: _s, ...s }) => s) },
    frame_picture: framePicture?.picture ?? null,
    frame_picture_mime: framePicture?.picture_mime ?? null,
    attributes,
    headlines: Object.fromEntries(headlines.filter((h) => h.headline_text_custom?.trim()).map((h) => [h.position, h.headline_text_custom!.trim()])),
    // The organisation's address the Word export prints (absent from releases published before it was frozen).
    organisation: organisation ?? { company: null, companyadditional: null, street: null, zipcode: null, city: null, country: null },
    // The content languages (issue 37 §4): only when there are further ones, as for the services' translations.
    ...(languages.further.length ? { languages } : {}),
  };
}

export type HeaderContent = Awaited<ReturnType<typeof headerContent>>;
