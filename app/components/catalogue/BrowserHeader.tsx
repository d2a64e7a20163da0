import { Button, Group, NativeSelect, Text, Title } from "@mantine/core";
import { Form, Link, useSubmit } from "@remix-run/react";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { withQuery, type BrowserView } from "~/lib/catalogue-query";
import { catalogueTitle } from "~/lib/catalogue-title";
import type { CatalogueOption, Query } from "./types";

const VIEW_KEYS: Record<BrowserView, string> = { 0: "list", 1: "tree", 3: "map" };
const VIEWS: BrowserView[] = [0, 1, 3];

/** Title, catalogue picker, view switch and the create menu entry. */
export function BrowserHeader({
  view,
  query,
  catalogues,
  catalogueId,
  canStructure,
}: {
  view: BrowserView;
  query: Query;
  catalogues: CatalogueOption[];
  catalogueId: number;
  canStructure: boolean;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const current = catalogues.find((c) => c.id === catalogueId);
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <div>
        <Title order={1}>{current ? catalogueTitle(t, current) : t("catalogue.defaultLabel")}</Title>
        {current ? (
          <Text size="sm" c="dimmed" data-testid="catalogue-counts">
            {t("catalogue.counts", { services: current.services, areas: current.areas, categories: current.categories })}
          </Text>
        ) : null}
      </div>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Form method="post">
          <input type="hidden" name="intent" value="catalogue" />
          <Group gap={6} align="flex-end">
            <NativeSelect
              name="catalogue"
              label={t("catalogue.current")}
              defaultValue={String(catalogueId)}
              data={catalogues.map((c) => ({ value: String(c.id), label: catalogueTitle(t, c) }))}
              onChange={(event) => submit(event.currentTarget.form)}
              data-testid="catalogue-picker"
            />
            <noscript>
              <Button type="submit" variant="default">
                {t("catalogue.switch")}
              </Button>
            </noscript>
          </Group>
        </Form>
        <Button component={Link} to="/servicecatalog/catalogues" variant="default">
          {t("catalogue.manage")}
        </Button>
        {canStructure ? (
          <Button component={Link} to="/servicecatalog/new" leftSection={<IconPlus size={16} aria-hidden />} data-testid="create-menu">
            {t("catalogue.createMenu.open")}
          </Button>
        ) : null}
      </Group>
      <nav aria-label={t("catalogue.views.label")} style={{ width: "100%" }}>
        <Button.Group>
          {VIEWS.map((v) => (
            <Button
              key={v}
              component={Link}
              to={withQuery(query, { view: v, page: query.page })}
              variant={v === view ? "filled" : "default"}
              aria-current={v === view ? "page" : undefined}
              data-testid={`view-${VIEW_KEYS[v]}`}
            >
              {t(`catalogue.views.${VIEW_KEYS[v]}`)}
            </Button>
          ))}
        </Button.Group>
      </nav>
    </Group>
  );
}
