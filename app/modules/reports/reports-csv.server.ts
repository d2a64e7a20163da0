import type { LoaderFunctionArgs } from "@remix-run/node";
import type { TFunction } from "i18next";
import { z } from "zod";
import { getLanguage, getT } from "~/i18n/i18next.server";
import { DISPLAY_TIME_ZONE, formatDateTime } from "~/lib/dates";
import { requirePermission } from "~/modules/access/policy.server";
import { COMPLETENESS_FIELDS } from "~/modules/catalogue/completeness";
import type { Executor } from "~/server/audit.server";
import { csvDelimiter, csvResponse, toCsv, type CsvCell } from "~/server/csv.server";
import { resolveReportRequest } from "./reports-page.server";
import type { ServiceStage } from "~/modules/service/service-stage";
import { completenessList, completenessSummary, countsByRelation, countsByStatus, missingList, staleList, type ReportServiceRow } from "./reports.server";

/**
 * /reports.csv?table=… — every table of the reports page as a CSV file for Excel (the shared
 * csv.server: BOM, formula cells neutralised), for the same catalogue, N and delimiter as the page,
 * with every row (the page shows them in pages). Read-only; the same permission as the page.
 */
export const REPORT_TABLES = ["completeness", "fields", "status", "owners", "providers", "tags", "stale", "unowned", "nolevel"] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];
const TableSchema = z.enum(REPORT_TABLES);

type Table = { header: string[]; rows: CsvCell[][] };

/** Today in the app's time zone, for the file name ("Vollständigkeit 2026-11-26.csv"). */
const TODAY = new Intl.DateTimeFormat("en-CA", { timeZone: DISPLAY_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

function serviceRows(t: TFunction, rows: ReportServiceRow[], extra: (row: ReportServiceRow) => CsvCell[] = () => []): CsvCell[][] {
  return rows.map((r) => [r.id, r.name, r.category ?? "", t(`catalogue.status.${r.status}`, { defaultValue: r.status }), ...extra(r)]);
}

async function buildTable(db: Executor, t: TFunction, language: string, table: ReportTable, catalogueId: number, cutoff: string, stages: readonly ServiceStage[]): Promise<Table> {
  const serviceHeader = [t("reports.csv.id"), t("reports.csv.service"), t("reports.csv.category"), t("reports.csv.status")];
  const all = { page: 1, size: null };
  const counted = (label: string, rows: { label: string; count: number }[]): Table => ({
    header: [label, t("reports.csv.services")],
    rows: rows.map((r) => [r.label, r.count]),
  });
  if (table === "status") {
    const rows = await countsByStatus(db, catalogueId, stages);
    return counted(t("reports.csv.status"), rows.map((r) => ({ label: t(`catalogue.status.${r.status}`), count: r.count })));
  }
  if (table === "owners" || table === "providers" || table === "tags") {
    const relation = table === "owners" ? "owner" : table === "providers" ? "provider" : "tag";
    const [rows, summary] = await Promise.all([countsByRelation(db, catalogueId, relation, stages), completenessSummary(db, catalogueId, cutoff, stages)]);
    return counted(t(`reports.${table}.label`), [...rows.map((r) => ({ label: r.name, count: r.count })), { label: t(`reports.${table}.none`), count: summary.missing[relation] }]);
  }
  const summary = await completenessSummary(db, catalogueId, cutoff, stages);
  if (table === "fields") {
    return counted(t("reports.csv.field"), COMPLETENESS_FIELDS.map((f) => ({ label: t(`reports.fields.${f}`), count: summary.missing[f] })));
  }
  if (table === "completeness") {
    const list = await completenessList(db, catalogueId, summary.total, all, stages);
    return {
      header: [...serviceHeader, t("reports.csv.percent"), t("reports.csv.missing")],
      rows: list.rows.map((r) => [r.id, r.name, r.category ?? "", t(`catalogue.status.${r.status}`), r.percent, r.missing.map((f) => t(`reports.fields.${f}`)).join(", ")]),
    };
  }
  if (table === "stale") {
    const list = await staleList(db, catalogueId, cutoff, summary.stale, all, stages);
    return { header: [...serviceHeader, t("reports.csv.changed")], rows: serviceRows(t, list.rows, (r) => [formatDateTime(r.updated_at, language)]) };
  }
  const list = await missingList(db, catalogueId, table === "unowned" ? "owner" : "kpi", table === "unowned" ? summary.missing.owner : summary.missing.kpi, all, stages);
  return { header: serviceHeader, rows: serviceRows(t, list.rows) };
}

export async function reportsCsvLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:catalogue");
  const table = TableSchema.safeParse(new URL(request.url).searchParams.get("table"));
  if (!table.success) throw new Response("Bad Request: unknown table", { status: 400 });
  const { db, errors, catalogueId, sep, cutoff, query } = await resolveReportRequest(request, user.id);
  if (Object.keys(errors).length) throw new Response("Bad Request", { status: 400 });
  const t = await getT(request);
  const { header, rows } = await buildTable(db, t, await getLanguage(request), table.data, catalogueId, cutoff, query.stage ? [query.stage] : []);
  const name = `${t(`reports.csv.files.${table.data}`, { months: query.months })} ${TODAY.format(new Date())}.csv`;
  return csvResponse(name, toCsv(header, rows, csvDelimiter(sep)));
}
