import { useTranslation } from "react-i18next";
import { SERVICE_STATUSES, SERVICE_TYPES } from "~/modules/catalogue/catalogue-query";
import classes from "./StatusBadge.module.css";

/**
 * A service's review status (In Bearbeitung / Überprüfung / Abgenommen) with its percentage.
 * A plain span styled like Mantine's light badge: lists and trees show hundreds of them, and
 * pass the `label` translated once (useStatusLabels) instead of translating it per badge.
 */
export function StatusBadge({ status, percent, label }: { status: string; percent?: number; label?: string }) {
  const { t } = useTranslation();
  return (
    <span className={classes.badge} data-status={status}>
      {label ?? t(`catalogue.status.${status}`)}
      {percent !== undefined && status !== "closed" ? ` · ${percent} %` : ""}
    </span>
  );
}

/** The status and service-type labels in the current language, translated once per render. */
export function useCatalogueLabels() {
  const { t } = useTranslation();
  return {
    status: Object.fromEntries(SERVICE_STATUSES.map((s) => [s, t(`catalogue.status.${s}`)])) as Record<string, string>,
    type: Object.fromEntries(SERVICE_TYPES.map((ty) => [ty, t(`catalogue.type.${ty}`)])) as Record<string, string>,
  };
}
