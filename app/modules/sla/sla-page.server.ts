import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/modules/access/policy.server";
import { getCurrentCatalogueId, listCatalogueNames } from "~/modules/catalogue/catalogue.server";
import { getDb } from "~/server/db/db.server";
import { parseSlaQuery } from "./sla-filter";
import { ALL_CATALOGUES } from "./sla-query";
import { slaOptions, slaOverview } from "./sla.server";
import { refusal } from "~/server/refusal.server";

/**
 * /sla — services × service levels grouped by provider, for every signed-in role (they all read
 * the catalogue); filtered by a GET form, paged, printable on A4 landscape
 * (docs/decisions/0035-sla-and-reports.md).
 */
export async function slaLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:catalogue");
  const { query, errors } = parseSlaQuery(new URL(request.url).searchParams);
  const db = getDb();
  const [catalogues, current, options] = await Promise.all([listCatalogueNames(db), getCurrentCatalogueId(db, user.id), slaOptions(db)]);
  let catalogue: number | typeof ALL_CATALOGUES = current;
  if (query.catalogue === ALL_CATALOGUES) catalogue = ALL_CATALOGUES;
  else if (query.catalogue !== null) {
    if (catalogues.some((c) => c.id === query.catalogue)) catalogue = query.catalogue;
    else errors.catalogue = "sla.errors.catalogue";
  }
  const overview = await slaOverview(db, { catalogueId: catalogue === ALL_CATALOGUES ? null : catalogue, provider: query.provider, kpi: query.kpi, q: query.q, stage: query.stage }, query.page);
  return { ...overview, filter: { catalogue, provider: query.provider, kpi: query.kpi, q: query.q, stage: query.stage }, errors, catalogues, options, today: new Date().toISOString() };
}

export type SlaData = Awaited<ReturnType<typeof slaLoader>>;

/** The overview is read-only: a POST is refused (403 without the read permission, else 405). */
export async function slaAction({ request }: LoaderFunctionArgs): Promise<never> {
  await requirePermission(request, "read:catalogue");
  throw refusal(405);
}
