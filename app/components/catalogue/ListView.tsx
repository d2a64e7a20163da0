import { Alert, Anchor, Button, Card, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { Form, Link, useActionData } from "@remix-run/react";
import { useRef, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { catalogueTitle } from "~/lib/catalogue-title";
import { formatDateTime } from "~/lib/dates";
import { translateError } from "~/lib/forms";
import type { Subviews } from "~/lib/prefs";
import { PageLinks } from "../PageLinks";
import { StatusBadge } from "./StatusBadge";
import type { CatalogueOption, ListRow } from "./types";
import classes from "./catalogue.module.css";

interface Named {
  areas: { id: number; name: string; categories: number }[];
  categories: { id: number; name: string; areaId: number | null; areaName: string | null; services: number }[];
}

/**
 * View 0: areas, categories and services (each behind its sub-view switch) in one selection
 * form. Checking an area checks its categories and their services (JS); the server applies the
 * same rule, so without JS a checked area still moves everything in it.
 */
export function ListView({
  list,
  named,
  subviews,
  areaActive,
  catalogues,
  catalogueId,
  canStructure,
}: {
  list: { rows: ListRow[]; total: number; page: number; pageCount: number };
  named: Named;
  subviews: Subviews;
  areaActive: boolean;
  catalogues: CatalogueOption[];
  catalogueId: number;
  canStructure: boolean;
}) {
  const { t } = useTranslation();
  const actionData = useActionData<{ ok: boolean; errors: Record<string, string> }>();
  const formRef = useRef<HTMLFormElement>(null);

  // Selection rules of spec 01 §4, mirrored in the browser for immediate feedback.
  function cascade(event: ChangeEvent<HTMLInputElement>, selector: string) {
    const checked = event.currentTarget.checked;
    formRef.current?.querySelectorAll<HTMLInputElement>(selector).forEach((box) => {
      box.checked = checked;
    });
  }
  const select = (kind: "area" | "category" | "service", id: number, name: string, extra: Record<string, string>, onChange?: (e: ChangeEvent<HTMLInputElement>) => void) =>
    canStructure ? (
      <Checkbox name={kind} value={String(id)} aria-label={t(`catalogue.batch.select${kind[0].toUpperCase()}${kind.slice(1)}`, { name })} size="xs" onChange={onChange} {...extra} />
    ) : null;

  return (
    <Form method="post" ref={formRef}>
      <input type="hidden" name="intent" value="batch" />
      <Stack gap="lg">
        {actionData?.errors?.selection ? (
          <Alert color="red" role="alert">
            {translateError(t, actionData.errors.selection)}
          </Alert>
        ) : null}
        {(areaActive && subviews.areas) || subviews.categories ? (
          <SimpleGrid cols={{ base: 1, md: areaActive && subviews.areas && subviews.categories ? 2 : 1 }}>
            {areaActive && subviews.areas ? (
              <Card withBorder data-testid="areas-panel">
                <Title order={2} size="h4" mb="xs">
                  {t("catalogue.areasPanel")}
                </Title>
                {named.areas.length === 0 ? <Text c="dimmed" size="sm">{t("catalogue.noAreas")}</Text> : null}
                <Stack gap={4}>
                  {named.areas.map((a) => (
                    <Group key={a.id} gap="xs" wrap="nowrap">
                      {select("area", a.id, a.name, {}, (e) => cascade(e, `[data-area="${a.id}"], [data-area-service="${a.id}"]`))}
                      <Anchor component={Link} to={`/servicecatalog/area/${a.id}`}>
                        {a.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {t("catalogue.categoriesCount", { count: a.categories })}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              </Card>
            ) : null}
            {subviews.categories ? (
              <Card withBorder data-testid="categories-panel">
                <Title order={2} size="h4" mb="xs">
                  {t("catalogue.categoriesPanel")}
                </Title>
                {named.categories.length === 0 ? <Text c="dimmed" size="sm">{t("catalogue.noCategories")}</Text> : null}
                <Stack gap={4} className={classes.scrollPanel}>
                  {named.categories.map((c) => (
                    <Group key={c.id} gap="xs" wrap="nowrap">
                      {select("category", c.id, c.name, c.areaId ? { "data-area": String(c.areaId) } : {}, (e) => cascade(e, `[data-category="${c.id}"]`))}
                      <Anchor component={Link} to={`/servicecatalog/category/${c.id}`}>
                        {c.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {areaActive && c.areaName ? `${c.areaName} · ` : ""}
                        {t("catalogue.servicesCount", { count: c.services })}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              </Card>
            ) : null}
          </SimpleGrid>
        ) : null}
        {subviews.services ? (
          <Card withBorder data-testid="services-panel">
            <Title order={2} size="h4" mb="xs">
              {t("catalogue.servicesPanel")}
            </Title>
            <div className={classes.tableWrap}>
              <Table highlightOnHover data-testid="service-list">
                <Table.Thead>
                  <Table.Tr>
                    {canStructure ? (
                      <Table.Th>
                        <span className="visually-hidden">{t("catalogue.columns.select")}</span>
                      </Table.Th>
                    ) : null}
                    <Table.Th>{t("catalogue.columns.name")}</Table.Th>
                    <Table.Th>{t("catalogue.columns.category")}</Table.Th>
                    {areaActive ? <Table.Th>{t("catalogue.columns.area")}</Table.Th> : null}
                    <Table.Th>{t("catalogue.columns.status")}</Table.Th>
                    <Table.Th>{t("catalogue.columns.type")}</Table.Th>
                    <Table.Th>{t("catalogue.columns.updated")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.rows.map((s) => (
                    <Table.Tr key={s.id} data-testid="service-row">
                      {canStructure ? (
                        <Table.Td>
                          {select(
                            "service",
                            s.id,
                            s.name,
                            {
                              ...(s.category_id ? { "data-category": String(s.category_id) } : {}),
                              ...(s.area_id ? { "data-area-service": String(s.area_id) } : {}),
                            },
                          )}
                        </Table.Td>
                      ) : null}
                      <Table.Td>
                        <Anchor component={Link} to={`/servicecatalog/service/${s.id}`}>
                          {s.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{s.category_name ?? t("catalogue.uncategorised")}</Table.Td>
                      {areaActive ? <Table.Td>{s.area_name ?? "—"}</Table.Td> : null}
                      <Table.Td>
                        <StatusBadge status={s.status} percent={s.statuspercent} />
                      </Table.Td>
                      <Table.Td>{t(`catalogue.type.${s.servicetype}`)}</Table.Td>
                      <Table.Td>{formatDateTime(s.updated_at)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
            {list.rows.length === 0 ? (
              <Text c="dimmed" size="sm" mt="xs" data-testid="no-services">
                {t("catalogue.noServices")}
              </Text>
            ) : null}
            <div style={{ marginTop: 8 }}>
              <PageLinks page={list.page} pageCount={list.pageCount} total={list.total} />
            </div>
          </Card>
        ) : null}
        {canStructure ? (
          <Card withBorder>
            <Group align="flex-end" gap="sm">
              <NativeSelect
                name="target"
                label={t("catalogue.batch.target")}
                data={[
                  { value: "", label: "—" },
                  ...catalogues.filter((c) => c.id !== catalogueId).map((c) => ({ value: String(c.id), label: catalogueTitle(t, c) })),
                ]}
                error={translateError(t, actionData?.errors?.target)}
                data-testid="batch-target"
              />
              <Button type="submit" variant="light" data-testid="batch-submit">
                {t("catalogue.batch.submit")}
              </Button>
            </Group>
          </Card>
        ) : null}
      </Stack>
    </Form>
  );
}
