import type { ServiceStage } from "~/modules/service/service-stage";

/**
 * The SLA overview's URL state (client-safe; docs/decisions/0035-sla-and-reports.md): catalogue
 * (one, or "all"), provider (one, or "none" for services without), service level, search term,
 * page. The loader reads it with parseSlaQuery (sla-filter.ts, zod: server only, decision 0063).
 */

export const SLA_PAGE_SIZE = 100;
export const ALL_CATALOGUES = "all";
export const NO_PROVIDER = "none";

export interface SlaQuery {
  /** null: the user's current catalogue. */
  catalogue: number | typeof ALL_CATALOGUES | null;
  provider: number | typeof NO_PROVIDER | null;
  kpi: number | null;
  q: string;
  /** One lifecycle stage (issue 36 §2); null: every stage. */
  stage: ServiceStage | null;
  page: number;
}
