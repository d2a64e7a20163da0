import type { LoaderFunctionArgs } from "@remix-run/node";
import { i18next } from "~/i18n/i18next.server";
import { requirePermission } from "~/modules/access/policy.server";
import { getCurrentCatalogueId, listCatalogueNames } from "~/modules/catalogue/catalogue.server";
import type { Executor } from "~/server/audit.server";
import { getDb } from "~/server/db/db.server";
import { memoized } from "./report-cache.server";
import { parseReportsQuery } from "./reports-filter";
import { REPORT_PAGE_SIZE, cutoffDay, type CsvSeparator, type ReportsQuery } from "./reports-query";
import { completenessList, completenessSummary, countsByRelation, countsByStatus, missingList, staleList } from "./reports.server";
import { refusal } from "~/server/refusal.server";
import { reviewFigures } from "./review-figures.server";
import type { ServiceStage } from "~/modules/service/service-stage";
import { RICH_FIELDS } from "~/modules/service/service-fields";
import { translationCoverage } from "~/modules/translations/coverage.server";
import { catalogueLanguages } from "~/modules/translations/translations.server";

/**
 * /reports — completeness and governance of one catalogue (docs/decisions/0035-sla-and-reports.md).
 * Everyone who reads the catalogue reads its reports: the figures count the services the
 * catalogue browser shows every role.
 */

/** Which catalogue, N and delimiter the request asks for, validated; an unknown catalogue is a field error and the current one is shown. */
export async function resolveReportRequest(request: Request, userId: number) {
  const url = new URL(request.url);
  const { query, errors } = parseReportsQuery(url.searchParams);
  const db = getDb();
  const [catalogues, current, locale] = await Promise.all([listCatalogueNames(db), getCurrentCatalogueId(db, userId), i18next.getLocale(request)]);
  let catalogueId = current;
  if (query.catalogue !== null) {
    if (catalogues.some((c) => c.id === query.catalogue)) catalogueId = query.catalogue;
    else errors.catalogue = "reports.errors.catalogue";
  }
  // Excel in German expects semicolons, in English commas.
  const sep: CsvSeparator = query.sep ?? (locale === "de" ? "semicolon" : "comma");
  return { db, query, errors, catalogues, catalogueId, sep, cutoff: cutoffDay(query.months) };
}

/** Every figure and the requested page of each list; see report-cache.server.ts for why it is memoised. */
export function reportData(db: Executor, catalogueId: number, cutoff: string, pages: ReportsQuery["pages"], stages: readonly ServiceStage[] = []) {
  const key = JSON.stringify(["reports", catalogueId, cutoff, pages, stages]);
  return memoized(db, key, async () => {
    const [summary, statuses, owners, providers, tags] = await Promise.all([
      completenessSummary(db, catalogueId, cutoff, stages),
      countsByStatus(db, catalogueId, stages),
      countsByRelation(db, catalogueId, "owner", stages),
      countsByRelation(db, catalogueId, "provider", stages),
      countsByRelation(db, catalogueId, "tag", stages),
    ]);
    const size = REPORT_PAGE_SIZE;
    const [completeness, stale, unowned, nolevel] = await Promise.all([
      completenessList(db, catalogueId, summary.total, { page: pages.completeness, size }, stages),
      staleList(db, catalogueId, cutoff, summary.stale, { page: pages.stale, size }, stages),
      missingList(db, catalogueId, "owner", summary.missing.owner, { page: pages.unowned, size }, stages),
      missingList(db, catalogueId, "kpi", summary.missing.kpi, { page: pages.nolevel, size }, stages),
    ]);
    return { summary, statuses, owners, providers, tags, completeness, stale, unowned, nolevel };
  });
}

export async function reportsLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:catalogue");
  const { db, query, errors, catalogues, catalogueId, sep, cutoff } = await resolveReportRequest(request, user.id);
  const stages = query.stage ? [query.stage] : [];
  const [data, reviews, translations] = await Promise.all([reportData(db, catalogueId, cutoff, query.pages, stages), reviewFigures(db, catalogueId, stages), coverageFigures(db, catalogueId)]);
  const monthsInput = errors.months ? (new URL(request.url).searchParams.get("months") ?? "").slice(0, 20) : null;
  return { ...data, reviews, translations, catalogues, catalogueId, stage: query.stage, months: query.months, monthsInput, sep, cutoff, errors };
}

export type ReportsData = Awaited<ReturnType<typeof reportsLoader>>;

/** Translation coverage per further content language (issue 37 §5); none when the catalogue has one language. */
async function coverageFigures(db: Executor, catalogueId: number) {
  const { further } = await catalogueLanguages(db, catalogueId);
  return Promise.all(further.map(async (language) => ({ language, rows: await translationCoverage(db, catalogueId, language, RICH_FIELDS) })));
}

/** The reports are read-only: a POST is refused (403 without the read permission, else 405). */
export async function reportsAction({ request }: LoaderFunctionArgs): Promise<never> {
  await requirePermission(request, "read:catalogue");
  throw refusal(405);
}
