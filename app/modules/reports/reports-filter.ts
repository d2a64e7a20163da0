import { z } from "zod";
import { SERVICE_STAGES, type ServiceStage } from "~/modules/service/service-stage";
import { CSV_SEPARATORS, DEFAULT_MONTHS, MONTHS_MAX, MONTHS_MIN, REPORT_LISTS, type ReportList, type ReportsQuery } from "./reports-query";

/**
 * The reports page's GET form, read by the loader (docs/decisions/0035-sla-and-reports.md): one
 * schema, and the page shows a field's error beside the field; an invalid value falls back to its
 * default, so the page always renders. Apart from reports-query.ts so the page carries no zod (0063).
 */
export const ReportsFilterSchema = z.object({
  catalogue: z.coerce.number({ error: "reports.errors.catalogue" }).int("reports.errors.catalogue").optional(),
  months: z.coerce
    .number({ error: "reports.errors.months" })
    .int("reports.errors.months")
    .min(MONTHS_MIN, "reports.errors.months")
    .max(MONTHS_MAX, "reports.errors.months")
    .default(DEFAULT_MONTHS),
  sep: z.enum(CSV_SEPARATORS, { error: "reports.errors.sep" }).optional(),
});

/** The query and, per field, the i18n key of what was wrong with it (that field then has its default). */
export function parseReportsQuery(params: URLSearchParams): { query: ReportsQuery; errors: Partial<Record<"catalogue" | "months" | "sep", string>> } {
  const errors: Partial<Record<"catalogue" | "months" | "sep", string>> = {};
  const field = <K extends "catalogue" | "months" | "sep">(name: K) => {
    const raw = (params.get(name) ?? "").trim();
    const parsed = ReportsFilterSchema.shape[name].safeParse(raw === "" ? undefined : raw);
    if (parsed.success) return parsed.data as z.output<typeof ReportsFilterSchema>[K];
    // Our messages are i18n keys; anything else (zod's own wording) is "invalid".
    const message = parsed.error.issues[0]?.message ?? "";
    errors[name] = message.startsWith("reports.") ? message : "reports.errors.invalid";
    return undefined;
  };
  const catalogue = field("catalogue");
  const months = field("months") ?? DEFAULT_MONTHS;
  const sep = field("sep");
  const pages = Object.fromEntries(
    Object.entries(REPORT_LISTS).map(([list, param]) => [list, Math.max(1, Math.min(1_000_000, Math.floor(Number(params.get(param)) || 1)))]),
  ) as Record<ReportList, number>;
  // Read leniently, as the browser reads its filters: anything else means every stage.
  const rawStage = params.get("stage");
  const stage = (SERVICE_STAGES as readonly string[]).includes(rawStage ?? "") ? (rawStage as ServiceStage) : null;
  return { query: { catalogue: catalogue ?? null, months, sep: sep ?? null, stage, pages }, errors };
}
