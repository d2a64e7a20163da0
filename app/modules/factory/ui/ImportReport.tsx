import { Anchor, Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ImportOutcome } from "../factory-types";
import classes from "./factory.module.css";

/** What became of each service of an import: imported, skipped (linked already) or failed, and why (issue 18 §3). */
export function ImportReport({ outcomes }: { outcomes: ImportOutcome[] }) {
  const { t } = useTranslation();
  const imported = outcomes.filter((o) => o.status === "imported");
  const skipped = outcomes.filter((o) => o.status === "skipped");
  const failed = outcomes.filter((o) => o.status === "failed");
  const areas = [...new Set(imported.flatMap((o) => (o.status === "imported" ? o.createdAreas : [])))];
  const categories = [...new Set(imported.flatMap((o) => (o.status === "imported" ? o.createdCategories : [])))];
  return (
    <Stack gap="sm" data-testid="factory-report">
      <Title order={3} size="h4">
        {t("factory.import.done")}
      </Title>
      <div role="status">
        <Text size="sm" data-testid="factory-report-imported">
          {t("factory.import.imported", { count: imported.length })}
        </Text>
        <Text size="sm" data-testid="factory-report-skipped">
          {t("factory.import.skipped", { count: skipped.length })}
        </Text>
        <Text size="sm" data-testid="factory-report-failed">
          {t("factory.import.failed", { count: failed.length })}
        </Text>
      </div>
      {areas.length ? <Text size="sm">{t("factory.import.createdAreas", { names: areas.join(", ") })}</Text> : null}
      {categories.length ? <Text size="sm">{t("factory.import.createdCategories", { names: categories.join(", ") })}</Text> : null}
      <div className={classes.outcomes}>
        <ul>
          {outcomes.map((o) => (
            <li key={`${o.status}-${o.factoryId}`} data-testid={`factory-outcome-${o.factoryId}`} data-status={o.status}>
              {o.status === "failed" ? (
                <Text size="sm" c="red.8">
                  {o.name}: {t(`factory.import.reasons.${o.reason}`, { detail: o.detail ?? "" })}
                </Text>
              ) : (
                <Text size="sm">
                  <Anchor component={Link} to={`/servicecatalog/service/${o.serviceId}`} size="sm">
                    {o.name}
                  </Anchor>{" "}
                  – {o.status === "imported" ? t("history.events.imported") : t("factory.catalog.linked")}
                </Text>
              )}
            </li>
          ))}
        </ul>
      </div>
    </Stack>
  );
}
