import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime } from "~/lib/dates";
import { translateError } from "~/ui/forms";
import nativeField from "~/ui/native-field.module.css";
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
type TemplateRelease = { id: number; label: string; catalogueTitle: string | null; publishedAt: string };

export function FactorySettingsPanel({ data }: { data: { connection: FactoryConnectionInfo | null; releases: TemplateRelease[] | null; releasesAsked: boolean } }) {
  const { t, i18n } = useTranslation();
  const { connection, releases, releasesAsked } = data;
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
      {connection ? <SourceForm current={connection.release} releases={releases} asked={releasesAsked} /> : null}
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

/**
 * Where the import reads from (issue 35 §8): the template server's approved services now (the
 * default), or one of its releases — a native select of what its /api/releases lists.
 */
function SourceForm({ current, releases, asked }: { current: number | null; releases: TemplateRelease[] | null; asked: boolean }) {
  const { t, i18n } = useTranslation();
  const { Form, action, result, busy } = useEntryForm<ConnectionAnswer>(ACTION);
  const known = releases ?? [];
  const error = result?.target === "source" ? (result.error?.release?.[0] ?? formError(result)) : undefined;
  return (
    <Form method="post" action={action} key={current ?? "now"} data-testid="factory-source">
      <Stack gap="xs">
        <label className={nativeField.field}>
          <span>{t("factory.settings.source")}</span>
          <select name="release" defaultValue={current === null ? "now" : String(current)} data-testid="factory-source-select" aria-describedby="factory-source-hint">
            <option value="now">{t("factory.settings.sourceNow")}</option>
            {known.map((r) => (
              <option key={r.id} value={r.id}>
                {t("factory.settings.sourceRelease", { label: r.label, catalogue: r.catalogueTitle ?? "—", date: formatDate(r.publishedAt, i18n.language) })}
              </option>
            ))}
            {current !== null && !known.some((r) => r.id === current) ? <option value={current}>{t(asked ? "factory.settings.sourceGone" : "factory.settings.sourceChosen", { id: current })}</option> : null}
          </select>
        </label>
        <Text size="xs" c="dimmed" id="factory-source-hint">
          {asked && releases === null ? t("factory.settings.sourceUnknown") : t("factory.settings.sourceHint")}{" "}
          {asked ? null : (
            // Asking the template server sends the key there: only when the admin asks.
            <Anchor component={Link} to={`${ACTION}?releases=1`} size="xs" data-testid="factory-source-load">
              {t("factory.settings.sourceLoad")}
            </Anchor>
          )}
        </Text>
        {error ? (
          <Text size="sm" c="red.8" role="alert">
            {translateError(t, error)}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" name="intent" value="source" variant="default" loading={busy} data-testid="factory-source-save">
            {t("factory.settings.sourceSave")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
