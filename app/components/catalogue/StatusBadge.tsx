import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

const COLOURS: Record<string, string> = { open: "gray", checking: "yellow", closed: "green" };

/** A service's review status (In Bearbeitung / Überprüfung / Abgenommen) with its percentage. */
export function StatusBadge({ status, percent }: { status: string; percent?: number }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLOURS[status] ?? "gray"} variant="light" c="dark.8" data-status={status} style={{ textTransform: "none" }}>
      {t(`catalogue.status.${status}`)}
      {percent !== undefined && status !== "closed" ? ` · ${percent} %` : ""}
    </Badge>
  );
}
