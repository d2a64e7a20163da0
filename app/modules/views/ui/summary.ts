import type { TFunction } from "i18next";
import { PERCENT_BANDS, percentBand } from "~/modules/catalogue/catalogue-query";
import type { ViewState } from "../views-state";

const VIEW_KEYS = { 0: "list", 1: "tree", 3: "map" } as const;

/**
 * A saved state in words, in the reader's language: "Liste · Suche „Drucker“ · Status: Überprüfung ·
 * 2 Kategorien · Sortierung: Geändert absteigend". Filters by record (areas, categories, owners,
 * tags) are counted; the fixed choices are named.
 */
export function summaryParts(t: TFunction, state: ViewState): string[] {
  const parts: string[] = [t(`catalogue.views.${VIEW_KEYS[state.view]}`)];
  if (state.q) parts.push(t("views.summary.search", { q: state.q }));
  if (state.statuses.length) parts.push(`${t("catalogue.filters.status")}: ${state.statuses.map((s) => t(`catalogue.status.${s}`)).join(", ")}`);
  if (state.types.length) parts.push(`${t("catalogue.filters.type")}: ${state.types.map((s) => t(`catalogue.type.${s}`)).join(", ")}`);
  if (state.percents.length) {
    const bands = state.percents.filter((p) => (PERCENT_BANDS as readonly number[]).includes(p)).map((p) => percentBand(p));
    const text = bands.map(([from, to]) => (from === to ? `${from} %` : `${from}–${to} %`)).join(", ");
    if (text) parts.push(`${t("catalogue.filters.percent")}: ${text}`);
  }
  if (state.missing.length) {
    const labels = state.missing.map((m) => t(`catalogue.filters.missingFields.${m}`));
    parts.push(`${t("catalogue.filters.missing")}: ${labels.join(", ")}`);
  }
  if (state.review.length) parts.push(`${t("catalogue.filters.review")}: ${state.review.map((r) => t(`catalogue.filters.reviewStates.${r}`)).join(", ")}`);
  if (state.stages.length) parts.push(`${t("catalogue.filters.stage")}: ${state.stages.map((s) => t(`catalogue.stages.${s}`)).join(", ")}`);
  if (state.areas.length) parts.push(t("views.summary.areas", { count: state.areas.length }));
  if (state.categories.length) parts.push(t("views.summary.categories", { count: state.categories.length }));
  if (state.owners.length) parts.push(t("views.summary.owners", { count: state.owners.length }));
  if (state.tags.length) parts.push(t("views.summary.tags", { count: state.tags.length }));
  if (parts.length === 1) parts.push(t("views.summary.unfiltered"));
  parts.push(`${t("catalogue.sort.label")}: ${t(`catalogue.sort.${state.sort}`)} ${t(`catalogue.sort.${state.dir}`)}`);
  return parts;
}
