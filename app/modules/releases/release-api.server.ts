import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiKey } from "~/modules/api/api-auth.server";
import { pageOf, PER_PAGE, requestedPage } from "~/modules/api/paging.server";
import { getDb } from "~/server/db/db.server";
import type { Executor } from "~/server/audit.server";
import { parseId } from "~/lib/ids";
import type { ServiceContent } from "./release-snapshot.server";
import { getRelease } from "./releases.server";

/**
 * The open API of releases (issue 35 §8), behind the same API key as /api/services: the
 * published (not withdrawn) releases, and a release's services in the same shape as
 * /api/services (children, relations by name), read from the snapshot alone.
 */

/** GET /api/releases — every published release: catalogue, label, date, counts; newest first. */
export async function releasesApiLoader({ request }: LoaderFunctionArgs) {
  await requireApiKey(request);
  const rows = await getDb()
    .selectFrom("releases as r")
    .leftJoin("service_catalogues as c", "c.id", "r.service_catalogue_id")
    .select(["r.id", "r.service_catalogue_id", "c.title as catalogue_title", "r.label", "r.published_at", "r.service_count", "r.area_count", "r.category_count"])
    .where("r.state", "=", "published")
    .orderBy("r.published_at", "desc")
    .orderBy("r.id", "desc")
    .execute();
  return Response.json({
    data: rows.map((r) => ({
      id: r.id,
      catalogue_id: r.service_catalogue_id,
      catalogue_title: r.catalogue_title,
      label: r.label,
      published_at: r.published_at,
      services_count: Number(r.service_count),
      areas_count: Number(r.area_count),
      categories_count: Number(r.category_count),
    })),
  });
}

async function namesIn(db: Executor, releaseId: number, kind: "owner" | "provider" | "kpi" | "tag" | "service" | "category" | "area", ids: number[]) {
  if (!ids.length) return new Map<number, { name: string; parentId: number | null }>();
  const rows = await db.selectFrom("release_items").select(["item_id", "name", "parent_id"]).where("release_id", "=", releaseId).where("kind", "=", kind).where("item_id", "in", ids).execute();
  return new Map(rows.map((r) => [r.item_id, { name: r.name, parentId: r.parent_id }]));
}

/** GET /api/releases/:id/services?page=n — the release's services by id, 50 a page. */
export async function releaseServicesApiLoader({ request, params }: LoaderFunctionArgs) {
  await requireApiKey(request);
  const id = parseId(params.id);
  const db = getDb();
  const release = id === null ? null : await getRelease(db, id);
  if (!release || release.state !== "published") return Response.json({ message: "Not found." }, { status: 404 });
  const page = requestedPage(request);
  const rows = await db
    .selectFrom("release_items as i")
    .innerJoin("release_contents as c", "c.hash", "i.content_hash")
    .select(["i.item_id", "i.parent_id", "i.name", "i.position", "c.body"])
    .where("i.release_id", "=", release.id)
    .where("i.kind", "=", "service")
    .orderBy("i.item_id")
    .limit(PER_PAGE)
    .offset((page - 1) * PER_PAGE)
    .execute();
  const services = rows.map((r) => ({ ...r, content: JSON.parse(r.body) as ServiceContent }));
  const all = (key: "owners" | "providers" | "kpis" | "tags" | "requires") => [...new Set(services.flatMap((s) => s.content[key]))];
  const [categories, owners, providers, kpis, tags, required] = await Promise.all([
    namesIn(db, release.id, "category", [...new Set(services.map((s) => s.parent_id).filter((x): x is number => x !== null))]),
    namesIn(db, release.id, "owner", all("owners")),
    namesIn(db, release.id, "provider", all("providers")),
    namesIn(db, release.id, "kpi", all("kpis")),
    namesIn(db, release.id, "tag", all("tags")),
    namesIn(db, release.id, "service", all("requires")),
  ]);
  const areas = await namesIn(db, release.id, "area", [...new Set([...categories.values()].map((c) => c.parentId).filter((x): x is number => x !== null))]);
  const named = (map: Map<number, { name: string }>, ids: number[]) => ids.flatMap((i) => (map.has(i) ? [map.get(i)!.name] : [])).sort((a, b) => a.localeCompare(b, "de"));
  const data = services.map(({ item_id, parent_id, name, position, content }) => {
    const { owners: o, providers: p, kpis: k, tags: t, requires: q, options, responsibilities, links, attributes: _a, picture: _p, picture_mime: _m, parent_service_id: _ps, ...fields } = content;
    const category = parent_id !== null ? categories.get(parent_id) : undefined;
    const area = category?.parentId != null ? areas.get(category.parentId) : undefined;
    return {
      ...fields,
      id: item_id,
      name,
      service_catalogue_id: release.catalogueId,
      category_id: category ? parent_id : null,
      category_name: category?.name ?? null,
      area_id: area ? category!.parentId : null,
      area_name: area?.name ?? null,
      position,
      updated_at: release.publishedAt,
      options: options.map(({ id: _i, picture: _op, picture_mime: _om, ...option }) => option),
      responsibilities: responsibilities.map(({ id: _i, ...r }) => ({ ...r, client: r.client ? 1 : 0, it: r.it ? 1 : 0 })),
      links: links.map(({ id: _i, ...link }) => link),
      owners: named(owners, o),
      providers: named(providers, p),
      kpis: named(kpis, k),
      tags: named(tags, t),
      required_services: named(required, q),
    };
  });
  return Response.json(pageOf(request, data, release.services, page));
}
