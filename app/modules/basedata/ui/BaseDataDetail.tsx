import { Anchor, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { EntityDef } from "~/modules/basedata/entities";
import { ActivityHistory, type HistoryData } from "../../../ui/ActivityHistory";
import { displayValue } from "./RecordFields";

/** A record's own page: its fields, the services that use it, and its change history. */
export function BaseDataDetail({
  def,
  record,
  usage,
  history,
}: {
  def: EntityDef;
  record: Record<string, unknown> & { id: number };
  usage: { services: { id: number; name: string }[]; total: number };
  history: HistoryData;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={def.basePath} size="sm">
        ← {t(`basedata.${def.key}.title`)}
      </Anchor>
      <Group justify="space-between">
        <Title order={1}>{String(record[def.nameField] ?? "")}</Title>
        <Group gap="xs">
          <Button component={Link} to={`${def.basePath}/${record.id}/edit`} variant="default">
            {t("basedata.edit")}
          </Button>
          <Button component={Link} to={`${def.basePath}/${record.id}/delete`} color="red" variant="light">
            {t("basedata.delete")}
          </Button>
        </Group>
      </Group>
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
          {def.fields.map((field) => (
            <div key={field.name}>
              <Text component="dt" size="xs" c="dimmed" fw={600}>
                {t(`fields.${field.name}`)}
              </Text>
              <Text component="dd" m={0} style={{ whiteSpace: "pre-wrap" }}>
                {displayValue(field, record[field.name]) || "—"}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Card>
      {def.hasUsage ? (
        <section>
          <Title order={2} size="h3" mb="xs">
            {t("basedata.usedBy", { count: usage.total })}
          </Title>
          {usage.total ? (
            <List data-testid="used-by">
              {usage.services.map((s) => (
                <List.Item key={s.id}>
                  <Anchor component={Link} to={`/servicecatalog/service/${s.id}`}>
                    {s.name}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          ) : (
            <Text c="dimmed">{t("basedata.unused")}</Text>
          )}
        </section>
      ) : null}
      <section>
        <Title order={2} size="h3" mb="xs">
          {t("history.title")}
        </Title>
        <ActivityHistory history={history} />
      </section>
    </Stack>
  );
}
