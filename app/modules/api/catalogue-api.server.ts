import type { LoaderFunctionArgs } from "@remix-run/node";
import { sql } from "kysely";
import { getDb } from "~/server/db/db.server";
import { requireApiKey } from "./api-auth.server";

/** Published services: approved (closed) and not in the bin. */
const PUBLISHED = "closed";

/** GET /api/servicecatalog — the catalogues with their numbers of areas, categories and published services. */
export async function catalogueListLoader({ request }: LoaderFunctionArgs) {
  await requireApiKey(request);
  const db = getDb();
  const rows = await db
    .selectFrom("service_catalogues as c")
    .select((eb) => [
      "c.id",
      "c.title",
      eb.selectFrom("service_areas as a").whereRef("a.service_catalogue_id", "=", "c.id").select(sql<number>`count(*)`.as("n")).as("areas_count"),
      eb.selectFrom("service_categories as k").whereRef("k.service_catalogue_id", "=", "c.id").select(sql<number>`count(*)`.as("n")).as("categories_count"),
      eb
        .selectFrom("services as s")
        .whereRef("s.service_catalogue_id", "=", "c.id")
        .where("s.status", "=", PUBLISHED)
        .where("s.deleted_at", "is", null)
        .select(sql<number>`count(*)`.as("n"))
        .as("services_count"),
    ])
    .orderBy("c.id")
    .execute();
  return Response.json({ data: rows.map((row) => ({ ...row, areas_count: Number(row.areas_count), categories_count: Number(row.categories_count), services_count: Number(row.services_count) })) });
}
