import type { Executor } from "~/server/audit.server";
import { NOTHING_HIDDEN, type MaskHidden } from "~/modules/masks/masks-types";
import { RICH_FIELDS } from "~/modules/service/service-fields";
import { htmlToPlainText, sanitizeRichText } from "~/server/sanitize.server";
import { shownLanguage } from "~/modules/translations/translations.server";
import type { ReleaseItemKind } from "~/server/db/schema";
import type { getServiceDetail } from "~/modules/service/service.server";
import type { HeaderContent, ServiceContent } from "./release-snapshot.server";
import { releaseContents, releaseHeader, releaseOutline, type ReleaseRow } from "./release-rows.server";
import { isReleaseFiltered, NO_FILTER, passes, relationsTo, releaseFacets, type ReleaseFilter } from "./release-facets.server";

/**
 * Reading a release (issue 35 §4): its outline, and a service page built from the snapshot in the
 * shape of the working copy's service page (page.server.ts), read-only, so the same components
 * show it. Nothing here reads the live catalogue tables.
 */

type Named = { id: number; name: string };
type DetailService = NonNullable<Awaited<ReturnType<typeof getServiceDetail>>>["service"];

const PICTURE_MIMES = new Set(["image/jpeg", "image/png"]);

/** Names of items of a release by id, in name order (the service page lists relations by name). */
async function namesOf(db: Executor, releaseId: number, kind: ReleaseItemKind, ids: number[]): Promise<Named[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom("release_items").select(["item_id", "name"]).where("release_id", "=", releaseId).where("kind", "=", kind).where("item_id", "in", ids).execute();
  return rows.map((r) => ({ id: r.item_id, name: r.name })).sort((a, b) => a.name.localeCompare(b.name, "de") || a.id - b.id);
}

/**
 * The release's areas → categories → services, for its contents page; filtered (full text, type,
 * what is missing), only the services that pass and the areas and categories that hold them.
 */
export async function releaseTree(db: Executor, release: ReleaseRow, filter: ReleaseFilter = NO_FILTER) {
  const filtered = isReleaseFiltered(filter);
  const [items, header, facets] = await Promise.all([
    releaseOutline(db, release.id),
    releaseHeader<HeaderContent>(db, release.id),
    filtered ? releaseFacets(db, release.id) : null,
  ]);
  const areas = items.filter((i) => i.kind === "area");
  const categories = items.filter((i) => i.kind === "category");
  const services = items.filter((i) => i.kind === "service" && (!facets || passes(facets.get(i.id), filter)));
  const categoryIds = new Set(categories.map((c) => c.id));
  const areaIds = new Set(areas.map((a) => a.id));
  const servicesOf = (categoryId: number | null) => services.filter((s) => (categoryId === null ? s.parentId === null || !categoryIds.has(s.parentId) : s.parentId === categoryId)).map((s) => ({ id: s.id, name: s.name }));
  const categoriesOf = (areaId: number | null) =>
    categories
      .filter((c) => (areaId === null ? c.parentId === null || !areaIds.has(c.parentId) : c.parentId === areaId))
      .map((c) => ({ id: c.id, name: c.name, services: servicesOf(c.id) }))
      .filter((c) => !filtered || c.services.length > 0);
  return {
    title: header?.title ?? null,
    frameTitle: header?.frame.title ?? null,
    areas: [...areas.map((a) => ({ id: a.id as number | null, name: a.name, categories: categoriesOf(a.id) })), { id: null, name: "", categories: categoriesOf(null) }].filter(
      (a) => (a.id !== null && !filtered) || a.categories.length > 0,
    ),
    uncategorised: servicesOf(null),
    search: filter.q,
    filter,
    filtered,
    found: services.length,
  };
}

/**
 * One service of a release as the service page shows it (read-only); null when the release does
 * not hold it. In the reader's language where the release froze a translation (issue 37 §4).
 */
export async function releaseServicePage(db: Executor, release: ReleaseRow, serviceId: number, interfaceLanguage = "de") {
  const found = (await releaseContents<ServiceContent>(db, release.id, "service", [serviceId])).get(serviceId);
  if (!found) return null;
  const { content } = found;
  const [header, category] = await Promise.all([
    releaseHeader<HeaderContent>(db, release.id),
    found.parentId !== null ? releaseContents<{ hidden: MaskHidden | null }>(db, release.id, "category", [found.parentId]).then((m) => m.get(found.parentId!)) : undefined,
  ]);
  const area = category?.parentId != null ? (await releaseContents(db, release.id, "area", [category.parentId])).get(category.parentId) : undefined;
  const relations = await relationsTo(db, release.id, serviceId);
  const [owners, providers, kpis, tags, requires, parent, requiredBy, derivatives] = await Promise.all([
    namesOf(db, release.id, "owner", content.owners),
    namesOf(db, release.id, "provider", content.providers),
    namesOf(db, release.id, "kpi", content.kpis),
    namesOf(db, release.id, "tag", content.tags),
    namesOf(db, release.id, "service", content.requires),
    typeof content.parent_service_id === "number" ? namesOf(db, release.id, "service", [content.parent_service_id]) : Promise.resolve([]),
    namesOf(db, release.id, "service", relations.requiredBy),
    namesOf(db, release.id, "service", relations.derivatives),
  ]);
  const hidden = category?.content.hidden ?? NOTHING_HIDDEN;
  const languages = (header as { languages?: { primary: string; further: string[] } } | null)?.languages;
  const language = languages ? shownLanguage(languages, null, interfaceLanguage) : null;
  const translated = (language && (content.translations as Record<string, Record<string, string>> | undefined)?.[language]) || {};
  const field = (key: string) => (translated[key] ?? content[key] ?? null) as string | null;
  const service = {
    ...content,
    id: serviceId,
    name: translated.name ? htmlToPlainText(translated.name) : found.name,
    status: "closed",
    statuspercent: 100,
    service_catalogue_id: release.catalogueId,
    catalogue_title: header?.title ?? null,
    catalogue_frame_title: header?.frame.title ?? null,
    category_id: category ? found.parentId : null,
    category_name: category?.name ?? null,
    area_id: area ? category!.parentId : null,
    area_name: area?.name ?? null,
    has_picture: Boolean(content.picture && PICTURE_MIMES.has(String(content.picture_mime))),
    picture: undefined,
    updated_at: release.publishedAt,
    servicetype: field("servicetype") ?? "business",
    // The content holds the service row's own columns (release-snapshot.server.ts); the rest is set above.
  } as unknown as DetailService;
  for (const key of hidden.fields) (service as Record<string, unknown>)[key] = null;
  const attributes = (header?.attributes ?? [])
    .filter((item) => !hidden.attributes.includes(item.id))
    .map((item) => {
      const value = content.attributes[String(item.id)] ?? null;
      const slot = item.type === "dropdown" ? item.slots.find((s) => s.reference === value) : undefined;
      return { ...item, text: item.type === "text" ? value : null, selected: slot ? slot.reference : null };
    });
  return {
    service,
    owners,
    providers,
    kpis,
    tags,
    requires,
    // Who requires it and what was derived from it: the release's other services (its own content names neither).
    requiredBy,
    parent: parent[0] ?? null,
    derivatives: derivatives.map((d) => ({ ...d, catalogue_id: release.catalogueId as number | null, catalogue_title: header?.title ?? null })),
    headlines: (header?.headlines ?? {}) as Record<number, string>,
    hidden,
    rich: Object.fromEntries(RICH_FIELDS.map((f) => [f, sanitizeRichText(hidden.fields.includes(f) ? null : field(f))])) as Record<(typeof RICH_FIELDS)[number], string>,
    children: {
      options: content.options.map((o) => ({
        id: o.id,
        name: o.name,
        short_description: o.short_description ? sanitizeRichText(o.short_description) : null,
        description: o.description ? sanitizeRichText(o.description) : null,
        art_nr: o.art_nr,
        costs: o.costs,
        position: o.position,
        pictureUrl: o.picture && o.picture_mime && PICTURE_MIMES.has(o.picture_mime) ? `data:${o.picture_mime};base64,${o.picture}` : null,
      })),
      responsibilities: content.responsibilities,
      links: content.links,
      attributes: { items: attributes },
    },
  };
}

/** The service picture of a release (the image route); null without one. */
export async function releaseServicePicture(db: Executor, releaseId: number, serviceId: number) {
  const content = (await releaseContents<ServiceContent>(db, releaseId, "service", [serviceId])).get(serviceId)?.content;
  const mime = String(content?.picture_mime ?? "");
  if (!content?.picture || !PICTURE_MIMES.has(mime)) return null;
  return { data: Buffer.from(String(content.picture), "base64"), mime };
}
