import { useTranslation } from "react-i18next";
import classes from "./StatusBadge.module.css";

/**
 * A service's review status (In Bearbeitung / Überprüfung / Abgenommen) with its percentage.
 * A plain span styled like Mantine's light badge: lists and trees show hundreds of them.
 */
export function StatusBadge({ status, percent }: { status: string; percent?: number }) {
  const { t } = useTranslation();
  return (
    <span className={classes.badge} data-status={status}>
      {t(`catalogue.status.${status}`)}
      {percent !== undefined && status !== "closed" ? ` · ${percent} %` : ""}
    </span>
  );
}
