import { Button, Group, PasswordInput, Stack, Title } from "@mantine/core";
import { Link, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { safeRedirectPath } from "~/lib/safe-path";
import { useEntryForm, useEntryPlace } from "~/ui/entry-form";
import { FormAlert } from "~/ui/FormAlert";
import { RouteDialog } from "~/ui/RouteDialog";
import { fieldError, useSchemaForm, type FormReply } from "~/ui/form/use-schema-form";
import type { ChangePasswordSchema } from "../schemas";

/** The change-password form; `back` is where it returns after the attempt (and where cancel leads, if given). */
function ChangePasswordForm({ back, cancelTo }: { back: string; cancelTo?: string }) {
  const { t } = useTranslation();
  // The dialog keeps its way back in the URL, so a refused attempt still returns there afterwards.
  const { Form, action, result } = useEntryForm<FormReply>(cancelTo ? `/settings/password?${new URLSearchParams({ redirectTo: back })}` : "/settings/password");
  const [form, fields] = useSchemaForm<typeof ChangePasswordSchema>(result);
  return (
    <Form method="post" action={action} id={form.id} onSubmit={form.onSubmit} noValidate>
      <input type="hidden" name={fields.redirectTo.name} value={back} />
      <Stack gap="sm">
        <FormAlert error={form.errors?.[0]} />
        <PasswordInput
          key={fields.old_password.key}
          label={t("auth.oldPassword")}
          name={fields.old_password.name}
          autoComplete="current-password"
          required
          autoFocus={Boolean(cancelTo)}
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
          {cancelTo ? (
            <Button component={Link} to={cancelTo} variant="default">
              {t("app.cancel")}
            </Button>
          ) : null}
          <Button type="submit">{t("app.save")}</Button>
        </Group>
      </Stack>
    </Form>
  );
}

/** /settings/password — a dialog over the page it was opened from (a page without JS). */
export function ChangePasswordDialog() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const back = safeRedirectPath(params.get("redirectTo"), "/settings");
  return (
    <RouteDialog title={t("auth.changePasswordTitle")} closeTo={back} maxWidth={400}>
      <ChangePasswordForm back={back} cancelTo={back} />
    </RouteDialog>
  );
}

/** The Change password entry inside the settings dialog: the same form, returning to the page under it. */
export function ChangePasswordPanel() {
  const { t } = useTranslation();
  const back = useEntryPlace()?.to ?? "/settings";
  return (
    <Stack gap="sm" maw={400}>
      <Title order={2} size="h3">
        {t("auth.changePasswordTitle")}
      </Title>
      <ChangePasswordForm back={back} />
    </Stack>
  );
}
