import type { LoaderFunctionArgs } from "@remix-run/node";
import { sql } from "kysely";
import { isContentLanguage } from "~/modules/translations/translations";
import { getDb } from "~/server/db/db.server";
import { requireApiKey } from "./api-auth.server";
import { pageOf, PER_PAGE, requestedPage } from "./paging.server";
import { cachedPage, pageResponse } from "./page-cache.server";
import { publishedServices } from "./published-services.server";
import { parseId } from "~/lib/ids";

/**
 * The open catalogue API (issue 18 §1) another ServiceHub imports from: JSON, X-Api-Key, paged
 * lists in a stable order (by id). Only approved (closed) services outside the bin are published.
 */

const count = () => sql<number>`count(*)`.as("n");

/** GET /api/servicecatalog — the catalogues with their numbers of areas, categories and published services. */
export async function catalogueListLoader({ request }: LoaderFunctionArgs) {
  await requireApiKey(request);
  const db = getDb();
  const rows = await db
    .selectFrom("service_catalogues as c")
    .select((eb) => [
      "c.id",
      "c.title",
      eb.selectFrom("service_areas as a").whereRef("a.service_catalogue_id", "=", "c.id").select(count()).as("areas_count"),
      eb.selectFrom("service_categories as k").whereRef("k.service_catalogue_id", "=", "c.id").select(count()).as("categories_count"),
      eb
        .selectFrom("services as s")
        .whereRef("s.service_catalogue_id", "=", "c.id")
        .where("s.status", "=", "closed").where("s.stage", "=", "live")
        .where("s.deleted_at", "is", null)
        .select(count())
        .as("services_count"),
    ])
    .orderBy("c.id")
    .execute();
  return Response.json({
    data: rows.map((row) => ({ ...row, areas_count: Number(row.areas_count), categories_count: Number(row.categories_count), services_count: Number(row.services_count) })),
  });
}

/** GET /api/areas?page=n */
export async function areasLoader({ request }: LoaderFunctionArgs) {
  await requireApiKey(request);
  const db = getDb();
  const page = requestedPage(request);
  const [rows, total] = await Promise.all([
    db
      .selectFrom("service_areas")
      .select(["id", "name", "description", "service_catalogue_id", "position"])
      .orderBy("id")
      .limit(PER_PAGE)
      .offset((page - 1) * PER_PAGE)
      .execute(),
    db.selectFrom("service_areas").select(count()).executeTakeFirstOrThrow(),
  ]);
  return Response.json(pageOf(request, rows, Number(total.n), page));
}

/** GET /api/categories?page=n — with their area's name and their number of published services. */
export async function categoriesLoader({ request }: LoaderFunctionArgs) {
  await requireApiKey(request);
  const db = getDb();
  const page = requestedPage(request);
  const [rows, total] = await Promise.all([
    db
      .selectFrom("service_categories as k")
      .leftJoin("service_areas as a", "a.id", "k.service_area_id")
      .select((eb) => [
        "k.id",
        "k.name",
        "k.description",
        "k.service_area_id",
        "a.name as area_name",
        "k.service_catalogue_id",
        "k.position",
        eb.selectFrom("services as s").whereRef("s.category_id", "=", "k.id").where("s.status", "=", "closed").where("s.stage", "=", "live").where("s.deleted_at", "is", null).select(count()).as("services_count"),
      ])
      .orderBy("k.id")
      .limit(PER_PAGE)
      .offset((page - 1) * PER_PAGE)
      .execute(),
    db.selectFrom("service_categories").select(count()).executeTakeFirstOrThrow(),
  ]);
  return Response.json(pageOf(request, rows.map((row) => ({ ...row, services_count: Number(row.services_count) })), Number(total.n), page));
}

/** `?lang=`: a content language's code, or nothing; anything else is answered with a 400. */
function askedLanguage(request: Request): { lang: string | null } | { refused: Response } {
  const lang = new URL(request.url).searchParams.get("lang");
  if (lang === null || lang === "") return { lang: null };
  return isContentLanguage(lang) ? { lang } : { refused: Response.json({ message: "lang: a language code such as en." }, { status: 400 }) };
}

/**
 * GET /api/services?page=n[&lang=xx] — published services with their children and relations by
 * name (and with `lang`, their texts in that content language where translated). The serialised
 * page is reused while the catalogue is unchanged, with an ETag (304 on If-None-Match).
 */
export async function servicesLoader({ request }: LoaderFunctionArgs) {
  await requireApiKey(request);
  const asked = askedLanguage(request);
  if ("refused" in asked) return asked.refused;
  const page = requestedPage(request);
  const db = getDb();
  const cached = await cachedPage(db, `services:${page}:${asked.lang ?? ""}`, async () => {
    const { rows, total } = await publishedServices(db, { limit: PER_PAGE, offset: (page - 1) * PER_PAGE, lang: asked.lang });
    return pageOf(request, rows, total, page);
  });
  return pageResponse(request, cached);
}

/** GET /api/services/:id[?lang=xx] — one published service (the factory's preview); 404 otherwise. */
export async function serviceLoader({ request, params }: LoaderFunctionArgs) {
  await requireApiKey(request);
  const asked = askedLanguage(request);
  if ("refused" in asked) return asked.refused;
  const id = parseId(params.id);
  if (id === null) return Response.json({ message: "Not found." }, { status: 404 });
  const { rows } = await publishedServices(getDb(), { ids: [id], lang: asked.lang });
  return rows[0] ? Response.json({ data: rows[0] }) : Response.json({ message: "Not found." }, { status: 404 });
}

/** GET /api/factory/kpis — the service levels the factory offers. */
export async function factoryKpisLoader({ request }: LoaderFunctionArgs) {
  await requireApiKey(request);
  const rows = await getDb().selectFrom("kpis").select(["id", "name", "definition", "calculation", "measuring_points"]).orderBy("id").execute();
  return Response.json({ data: rows });
}

/** GET /api/factory/providers — the service providers the factory offers. */
export async function factoryProvidersLoader({ request }: LoaderFunctionArgs) {
  await requireApiKey(request);
  const rows = await getDb()
    .selectFrom("providers")
    .select(["id", "name", "description", "street", "zipcode", "city", "country", "contact_person", "email_contact", "website_link", "company_profile"])
    .orderBy("id")
    .execute();
  return Response.json({ data: rows });
}
