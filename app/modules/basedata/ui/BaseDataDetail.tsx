import { Anchor, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Form, Link, useActionData } from "@remix-run/react";
import { answerFields, answerFor, type FormAnswer } from "~/lib/form-answer";
import { translateError } from "~/ui/forms";
import { UserPicker } from "~/ui/UserPicker";
import { useTranslation } from "react-i18next";
import type { EntityDef } from "~/modules/basedata/entities";
import { ActivityHistory, type HistoryData } from "../../../ui/ActivityHistory";
import { displayValue } from "./RecordFields";

/** An owner's representatives with a user account (issue 36 §3); `choices` only for those who may change them. */
export interface Representatives {
  users: { id: number; name: string }[];
  choices: { id: number; name: string; email: string }[] | null;
}

/** A record's own page: its fields, the services that use it, and its change history. */
export function BaseDataDetail({
  def,
  record,
  usage,
  history,
  representatives,
  translate = null,
}: {
  def: EntityDef;
  record: Record<string, unknown> & { id: number };
  usage: { services: { id: number; name: string }[]; total: number };
  history: HistoryData;
  representatives?: Representatives | null;
  /** Where its translations are edited (glossary terms, service levels; issue 37). */
  translate?: string | null;
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
          {translate ? (
            <Button component={Link} to={translate} variant="default" data-testid="translate-link">
              {t("basedata.translate")}
            </Button>
          ) : null}
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
      {representatives ? <RepresentativeUsers representatives={representatives} /> : null}
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

/** The owner's representatives among the user accounts: they are responsible for the owner's services (issue 36 §3). */
function RepresentativeUsers({ representatives }: { representatives: Representatives }) {
  const { t } = useTranslation();
  const refused = answerFor(useActionData<FormAnswer>(), "users");
  const errors = refused ? answerFields(refused).errors : {};
  return (
    <section aria-labelledby="representative-users-title" data-testid="representative-users">
      <Title order={2} size="h3" mb="xs" id="representative-users-title">
        {t("basedata.owner.users")}
      </Title>
      <Text size="sm" mb="xs">
        {representatives.users.length ? representatives.users.map((u) => u.name).join(", ") : t("basedata.owner.noUsers")}
      </Text>
      {representatives.choices ? (
        <Form method="post" aria-label={t("basedata.owner.users")}>
          <input type="hidden" name="intent" value="users" />
          <Stack gap="xs" maw={520}>
            <UserPicker
              name="users"
              label={t("basedata.owner.usersField")}
              searchLabel={t("basedata.owner.usersSearch")}
              hint={t("basedata.owner.usersHint")}
              error={translateError(t, errors._form ?? errors.users)}
              users={representatives.choices}
              chosen={representatives.users.map((u) => u.id)}
              testId="owner-users"
            />
            <Group>
              <Button type="submit">{t("basedata.owner.usersSave")}</Button>
            </Group>
          </Stack>
        </Form>
      ) : null}
    </section>
  );
}
