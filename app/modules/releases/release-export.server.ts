import { getCustomerData } from "~/modules/basedata/customer-data.server";
import { isServiceAreaActive } from "~/modules/catalogue/catalogue.server";
import type { MaskHidden } from "~/modules/masks/masks-types";
import { imageOf } from "~/modules/wordexport/export-image.server";
import { inDocumentOrder, MAX_EXPORT_SERVICES, pictureBudget, type ExportData, type ExportService } from "~/modules/wordexport/export-data.server";
import { chunks } from "~/lib/chunks";
import type { Executor } from "~/server/audit.server";
import { TooManyServicesError } from "~/server/errors.server";
import type { HeaderContent, ServiceContent } from "./release-snapshot.server";
import { releaseContents, releaseHeader, releaseOutline, type ReleaseRow } from "./release-rows.server";
import { releaseFrame } from "./release-frame.server";

/**
 * A release as the Word export and the cover sheet read it (issue 35 §6): the same ExportData and
 * FrameView the working copy gives them, built from the snapshot alone, so a customer document
 * can be produced again later exactly as it was. Only the area-level switch is read live (it is
 * the installation's, not the catalogue's); releases published before the organisation's address
 * was frozen with them fall back to today's.
 */

const CHUNK = 500;

const names = (ids: number[], byId: Map<number, string>) =>
  ids
    .map((id) => byId.get(id))
    .filter((name): name is string => name !== undefined)
    .sort((a, b) => a.localeCompare(b, "de"));

/**
 * The Word export of a release: the whole release, or one service of it (null when the release
 * does not hold it). More than MAX_EXPORT_SERVICES services throw TooManyServicesError, as in the working copy.
 */
export async function releaseExportData(db: Executor, release: ReleaseRow, serviceId: number | null = null, max = MAX_EXPORT_SERVICES): Promise<ExportData | null> {
  const [outline, header, areaActive] = await Promise.all([releaseOutline(db, release.id), releaseHeader<HeaderContent>(db, release.id), isServiceAreaActive(db)]);
  if (!header) return null;
  const ids = outline.filter((i) => i.kind === "service" && (serviceId === null || i.id === serviceId)).map((i) => i.id);
  if (serviceId !== null && !ids.length) return null;
  if (ids.length > max) throw new TooManyServicesError(ids.length, max);
  const [categoryContents, areaContents, baseNames] = await Promise.all([
    releaseContents<{ description: string | null; hidden: MaskHidden | null }>(db, release.id, "category"),
    releaseContents<{ description: string | null }>(db, release.id, "area"),
    // Names of base data and services by id: the relations as the release resolved them.
    db.selectFrom("release_items").select(["kind", "item_id", "name"]).where("release_id", "=", release.id).where("kind", "in", ["owner", "provider", "kpi", "tag", "service"]).execute(),
  ]);
  const nameMaps = new Map<string, Map<number, string>>();
  for (const row of baseNames) {
    if (!nameMaps.has(row.kind)) nameMaps.set(row.kind, new Map());
    nameMaps.get(row.kind)!.set(row.item_id, row.name);
  }
  const named = (kind: string) => nameMaps.get(kind) ?? new Map<number, string>();
  const attributeById = new Map(header.attributes.map((item, index) => [item.id, { ...item, index }]));
  const budget = pictureBudget();
  const position = new Map(outline.map((i) => [`${i.kind}:${i.id}`, i.position]));
  const services: ExportService[] = [];
  for (const chunk of chunks(ids, CHUNK)) {
    const contents = await releaseContents<ServiceContent>(db, release.id, "service", chunk);
    for (const id of chunk) {
      const found = contents.get(id);
      if (!found) continue;
      const { content } = found;
      const picture = typeof content.picture === "string" && content.picture && budget.take(content.picture.length) ? imageOf(content.picture) : null;
      const attributes: ExportService["attributes"] = [];
      for (const [key, value] of Object.entries(content.attributes)) {
        const item = attributeById.get(Number(key));
        if (!item) continue;
        const shown = item.type === "dropdown" ? item.slots.find((s) => s.reference === value)?.value : value;
        if (shown?.trim()) attributes.push({ id: item.id, designation: item.designation, value: shown });
      }
      attributes.sort((a, b) => attributeById.get(a.id)!.index - attributeById.get(b.id)!.index);
      services.push({
        ...(content as unknown as ExportService),
        id,
        name: found.name,
        service_catalogue_id: release.catalogueId,
        category_id: found.parentId !== null && categoryContents.has(found.parentId) ? found.parentId : null,
        position: position.get(`service:${id}`) ?? 0,
        status: "closed",
        statuspercent: 100,
        picture,
        options: content.options.map((o) => ({ name: o.name, art_nr: o.art_nr, short_description: o.short_description, description: o.description, costs: Number(o.costs) })),
        responsibilities: content.responsibilities.map((r) => ({ description: r.description, client: r.client, it: r.it })),
        links: content.links.map((l) => l.url),
        owners: names(content.owners, named("owner")),
        providers: names(content.providers, named("provider")),
        kpis: names(content.kpis, named("kpi")),
        tags: names(content.tags, named("tag")),
        requires: names(content.requires, named("service")),
        attributes,
      });
    }
  }
  const categoryIds = new Set(services.map((s) => s.category_id).filter((id): id is number => id !== null));
  const categories = outline
    .filter((i) => i.kind === "category" && categoryIds.has(i.id))
    .map((c) => ({ id: c.id, name: c.name, description: categoryContents.get(c.id)?.content.description ?? null, service_area_id: c.parentId !== null && areaContents.has(c.parentId) ? c.parentId : null }));
  const areaIds = new Set(categories.map((c) => c.service_area_id).filter((id): id is number => id !== null));
  const areas = outline.filter((i) => i.kind === "area" && areaIds.has(i.id)).map((a) => ({ id: a.id, name: a.name, description: areaContents.get(a.id)?.content.description ?? null }));
  const whole = serviceId === null;
  return {
    scope: whole ? "catalogue" : "service",
    filtered: false,
    catalogue: { id: release.catalogueId, title: header.title, frameTitle: header.frame.title },
    frame: whole ? releaseFrame(release, header) : null,
    framePicture: whole ? imageOf(header.frame_picture) : null,
    areaActive,
    areas,
    categories: categories.map((c) => ({ id: c.id, name: c.name, description: c.description, areaId: c.service_area_id })),
    services: inDocumentOrder(services, categories, areas, areaActive),
    headlines: header.headlines as Record<number, string>,
    hidden: new Map([...categoryContents].filter(([, c]) => c.content.hidden).map(([id, c]) => [id, c.content.hidden!])),
    organisation: header.organisation ? { ...header.organisation, updated_at: release.publishedAt } : await getCustomerData(db),
    picturesLeftOut: budget.leftOut,
  };
}
