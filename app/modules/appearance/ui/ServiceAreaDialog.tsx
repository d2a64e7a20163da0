import { Button, Group, Radio, Stack, Text, Title } from "@mantine/core";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "~/ui/FormAlert";
import { fieldError, formError, useSchemaForm, type FormReply } from "~/ui/form/use-schema-form";
import { RouteDialog } from "~/ui/RouteDialog";
import { useEntryForm } from "~/ui/entry-form";
import type { ServiceAreaSchema } from "../appearance-schema";
import type { serviceAreaLoader } from "../service-area-page.server";

const CLOSE_TO = "/dashboard";

/** The switch itself; `cancelTo` adds a cancel link (the dialog). */
function ServiceAreaForm({ active, cancelTo }: { active: boolean; cancelTo?: string }) {
  const { Form, action, result: reply, busy } = useEntryForm<FormReply>("/admin/servicearea");
  const [form, fields] = useSchemaForm<typeof ServiceAreaSchema>(reply, { defaultValue: { active: String(active) } });
  const { t } = useTranslation();
  return (
    // key: after a save the loader's state is what the radios show.
    <Form method="post" action={action} id={form.id} onSubmit={form.onSubmit} noValidate key={String(active)}>
      <Stack gap="md">
        <Text size="sm">{t("appearance.serviceArea.intro")}</Text>
        <FormAlert error={formError(reply)} />
        <Radio.Group name={fields.active.name} label={t("appearance.serviceArea.legend")} defaultValue={String(active)} error={fieldError(t, fields.active.errors)}>
          <Group gap="md" mt={6}>
            <Radio value="true" label={t("appearance.serviceArea.active")} data-testid="servicearea-active" />
            <Radio value="false" label={t("appearance.serviceArea.inactive")} data-testid="servicearea-inactive" />
          </Group>
        </Radio.Group>
        <Group justify="flex-end" gap="sm">
          {cancelTo ? (
            <Button component={Link} to={cancelTo} variant="default">
              {t("app.cancel")}
            </Button>
          ) : null}
          <Button type="submit" loading={busy} data-testid="servicearea-save">
            {t("appearance.serviceArea.save")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

/** /admin/servicearea — "Service Area Settings: a dialog to activate or deactivate the area feature" (spec 02 §2). */
export function ServiceAreaDialog() {
  const { active } = useLoaderData<typeof serviceAreaLoader>();
  const { t } = useTranslation();
  return (
    <RouteDialog title={t("appearance.serviceArea.title")} closeTo={CLOSE_TO} maxWidth={600}>
      <ServiceAreaForm active={active} cancelTo={CLOSE_TO} />
    </RouteDialog>
  );
}

/** The Servicearea entry of the settings: the same form. */
export function ServiceAreaPanel({ data }: { data: { active: boolean } }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t("appearance.serviceArea.title")}
      </Title>
      <ServiceAreaForm active={data.active} />
    </Stack>
  );
}
