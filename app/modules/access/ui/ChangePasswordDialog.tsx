import { Button, Group, PasswordInput, Stack } from "@mantine/core";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { safeRedirectPath } from "~/lib/safe-path";
import { FormAlert } from "~/ui/FormAlert";
import { RouteDialog } from "~/ui/RouteDialog";
import { fieldError, useSchemaForm, type FormReply } from "~/ui/form/use-schema-form";
import { ChangePasswordSchema } from "../schemas";

/** /settings/password — a dialog over the page it was opened from (a page without JS). */
export function ChangePasswordDialog() {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(ChangePasswordSchema, useActionData<FormReply>());
  const [params] = useSearchParams();
  const back = safeRedirectPath(params.get("redirectTo"), "/settings");
  return (
    <RouteDialog title={t("auth.changePasswordTitle")} closeTo={back} maxWidth={400}>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate>
        <input type="hidden" name={fields.redirectTo.name} value={back} />
        <Stack gap="sm">
          <FormAlert error={form.errors?.[0]} />
          <PasswordInput
            key={fields.old_password.key}
            label={t("auth.oldPassword")}
            name={fields.old_password.name}
            autoComplete="current-password"
            required
            autoFocus
            error={fieldError(t, fields.old_password.errors)}
          />
          <PasswordInput
            key={fields.new_password.key}
            label={t("auth.newPassword")}
            name={fields.new_password.name}
            autoComplete="new-password"
            required
            error={fieldError(t, fields.new_password.errors)}
          />
          <PasswordInput
            key={fields.new_password_confirmation.key}
            label={t("auth.confirmPassword")}
            name={fields.new_password_confirmation.name}
            autoComplete="new-password"
            required
            error={fieldError(t, fields.new_password_confirmation.errors)}
          />
          <Group justify="flex-end">
            <Button component={Link} to={back} variant="default">
              {t("app.cancel")}
            </Button>
            <Button type="submit">{t("app.save")}</Button>
          </Group>
        </Stack>
      </Form>
    </RouteDialog>
  );
}
