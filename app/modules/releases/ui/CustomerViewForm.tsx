import { Button, Group, Paper, Radio, Stack, Text } from "@mantine/core";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "~/ui/FormAlert";
import { fieldError, useSchemaForm, type FormReply } from "~/ui/form/use-schema-form";
import type { releasesLoader } from "../releases-page.server";
import type { CustomerViewSchema } from "../releases-schema";

type Customers = Awaited<ReturnType<typeof releasesLoader>>["customers"];

/** "Kunden sehen: Arbeitsstand | letzte Veröffentlichung" (issue 35 §6): the setting for publishers, what it gives for everyone. */
export function CustomerViewForm({ customers, canPublish }: { customers: Customers; canPublish: boolean }) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm<typeof CustomerViewSchema>(useActionData<FormReply>(), { defaultValue: { customerView: customers.view } });
  const busy = useNavigation().formAction === "/servicecatalog/releases";
  const now = customers.release ? t("releases.customers.nowRelease", { label: customers.release.label }) : t(customers.view === "release" ? "releases.customers.nowNoRelease" : "releases.customers.nowWorking");
  return (
    <Paper withBorder p="md" radius="md" data-testid="customer-view">
      {canPublish ? (
        <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate preventScrollReset>
          <Stack gap="xs">
            <FormAlert error={form.errors?.[0]} />
            <Radio.Group
              key={fields.customerView.key}
              name={fields.customerView.name}
              defaultValue={String(fields.customerView.initialValue ?? customers.view)}
              label={t("releases.customers.label")}
              description={t("releases.customers.hint")}
              error={fieldError(t, fields.customerView.errors)}
            >
              <Group gap="lg" mt={6}>
                <Radio value="release" label={t("releases.customers.release")} data-testid="customer-view-release" />
                <Radio value="working" label={t("releases.customers.working")} data-testid="customer-view-working" />
              </Group>
            </Radio.Group>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" data-testid="customer-view-now">
                {now}
              </Text>
              <Button type="submit" variant="default" size="xs" loading={busy} data-testid="customer-view-save">
                {t("app.save")}
              </Button>
            </Group>
          </Stack>
        </Form>
      ) : (
        <Text size="sm" data-testid="customer-view-now">
          {t("releases.customers.label")}: {now}
        </Text>
      )}
    </Paper>
  );
}
