import { Button, Group, Radio, Stack, Text } from "@mantine/core";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "~/ui/FormAlert";
import { fieldError, formError, useSchemaForm, type FormReply } from "~/ui/form/use-schema-form";
import { RouteDialog } from "~/ui/RouteDialog";
import { ServiceAreaSchema } from "../appearance-schema";
import type { serviceAreaLoader } from "../service-area-page.server";

const CLOSE_TO = "/dashboard";

/** /admin/servicearea — "Service Area Settings: a dialog to activate or deactivate the area feature" (spec 02 §2). */
export function ServiceAreaDialog() {
  const { active } = useLoaderData<typeof serviceAreaLoader>();
  const reply = useActionData<FormReply>();
  const [form, fields] = useSchemaForm(ServiceAreaSchema, reply, { defaultValue: { active: String(active) } });
  const navigation = useNavigation();
  const { t } = useTranslation();
  return (
    <RouteDialog title={t("appearance.serviceArea.title")} closeTo={CLOSE_TO} maxWidth={600}>
      {/* key: after a save the loader's state is what the radios show. */}
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate key={String(active)}>
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
            <Button component={Link} to={CLOSE_TO} variant="default">
              {t("app.cancel")}
            </Button>
            <Button type="submit" loading={navigation.state === "submitting"} data-testid="servicearea-save">
              {t("appearance.serviceArea.save")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </RouteDialog>
  );
}
