import { Alert, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/dates";
import { useEntryForm } from "~/ui/entry-form";
import { FormAlert } from "~/ui/FormAlert";
import { fieldError, formError, useSchemaForm } from "~/ui/form/use-schema-form";
import type { FactoryConnectionInfo } from "../factory-settings.server";
import type { ConnectionSchema } from "../factory-schema";
import type { ConnectionAnswer } from "../settings-page.server";

const ACTION = "/settings/factory";

/**
 * The "Vorlagen-Server" entry of the settings (issue 18 §2): the template server's address and
 * API key, a connection test with the typed values, and removing the connection. The stored key
 * is only ever named by its first characters.
 */
export function FactorySettingsPanel({ data }: { data: { connection: FactoryConnectionInfo | null } }) {
  const { t, i18n } = useTranslation();
  const { connection } = data;
  const { Form, action, result, busy } = useEntryForm<ConnectionAnswer>(ACTION);
  const { Form: RemoveForm, action: removeAction, busy: removing } = useEntryForm(ACTION);
  const [form, fields] = useSchemaForm<typeof ConnectionSchema>(result, { id: "factory-connection", defaultValue: { url: connection?.url ?? "" } });
  const test = result?.meta;
  return (
    <Stack gap="md" data-testid="factory-settings">
      <Title order={2} size="h3">
        {t("factory.settings.title")}
      </Title>
      <Text size="sm">{t("factory.settings.intro")}</Text>
      <Text size="sm" data-testid="factory-current">
        {connection ? t("factory.settings.current", { url: connection.url, date: formatDateTime(connection.updatedAt, i18n.language) }) : t("factory.settings.none")}
      </Text>
      {/* key: after a save the stored address is what the field shows. */}
      <Form method="post" action={action} id={form.id} onSubmit={form.onSubmit} noValidate key={connection?.url ?? ""}>
        <Stack gap="sm">
          <FormAlert error={formError(result)} />
          {test ? (
            <Alert color="green" role="status" data-testid="factory-test-ok">
              {t("factory.settings.testOk", { catalogues: test.catalogues, services: test.services })}
            </Alert>
          ) : null}
          <TextInput
            key={fields.url.key}
            name={fields.url.name}
            type="url"
            label={t("factory.settings.url")}
            description={t("factory.settings.urlHint")}
            defaultValue={String(fields.url.initialValue ?? connection?.url ?? "")}
            error={fieldError(t, fields.url.errors)}
            required
            autoComplete="off"
            data-testid="factory-url"
          />
          <TextInput
            key={fields.token.key}
            name={fields.token.name}
            type="password"
            label={t("factory.settings.key")}
            description={connection ? t("factory.settings.keyStored", { hint: connection.keyHint }) : t("factory.settings.keyNew")}
            error={fieldError(t, fields.token.errors)}
            autoComplete="new-password"
            spellCheck={false}
            data-testid="factory-key"
          />
          <Group justify="flex-end" gap="sm">
            <Button type="submit" name="intent" value="test" variant="default" loading={busy} data-testid="factory-test">
              {t("factory.settings.test")}
            </Button>
            <Button type="submit" name="intent" value="save" loading={busy} data-testid="factory-save">
              {t("factory.settings.save")}
            </Button>
          </Group>
        </Stack>
      </Form>
      {connection ? (
        <RemoveForm method="post" action={removeAction}>
          <input type="hidden" name="intent" value="remove" />
          <Group justify="flex-end">
            <Button type="submit" variant="subtle" color="red" loading={removing} data-testid="factory-remove">
              {t("factory.settings.remove")}
            </Button>
          </Group>
        </RemoveForm>
      ) : null}
    </Stack>
  );
}
