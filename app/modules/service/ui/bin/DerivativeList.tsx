import { Alert, Anchor, List, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { catalogueTitle } from "~/modules/catalogue/catalogue-title";
import type { Derivative } from "~/modules/service/service-lifecycle.server";

/** The warning of the delete dialog: these derivatives go to the bin as well (spec 01 §4). */
export function DerivativeWarning({ derivatives }: { derivatives: Derivative[] }) {
  const { t } = useTranslation();
  if (!derivatives.length) return null;
  return (
    <Alert color="orange" title={t("lifecycle.delete.derivativesTitle", { count: derivatives.length })} data-testid="derivatives-warning">
      <Text size="sm">{t("lifecycle.delete.derivativesWarning")}</Text>
      <List size="sm" mt="xs">
        {derivatives.map((d) => (
          <List.Item key={d.id}>
            <Anchor component={Link} to={`/servicecatalog/service/${d.id}`} size="sm">
              {d.name}
            </Anchor>{" "}
            <Text span size="sm" c="dimmed">
              ({d.catalogue ? catalogueTitle(t, d.catalogue) : t("lifecycle.noCatalogue")})
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
