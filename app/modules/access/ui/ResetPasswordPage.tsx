import { Alert, Anchor, Button, Stack, TextInput, Title } from "@mantine/core";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { fieldError, useSchemaForm, type FormReply } from "~/ui/form/use-schema-form";
import type { ResetPasswordSchema } from "../schemas";

/** /reset-password/:token — a new password for a valid mailed token; a used or expired token says so. */
export function ResetPasswordPage({ valid }: { valid: boolean }) {
  const { t } = useTranslation();
  const answer = useActionData<FormReply | { invalid: true }>();
  const invalid = answer !== undefined && "invalid" in answer;
  const [form, fields] = useSchemaForm<typeof ResetPasswordSchema>(invalid ? undefined : answer);
  if (!valid || invalid) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          {t("auth.resetNewTitle")}
        </Title>
        <Alert color="red" role="alert" data-testid="reset-invalid">
          {t("auth.resetInvalid")}
        </Alert>
        <Anchor component={Link} to="/reset-password">
          {t("auth.resetRequestNew")}
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t("auth.resetNewTitle")}
      </Title>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            type="password"
            key={fields.password.key}
            label={t("auth.newPassword")}
            name={fields.password.name}
            autoComplete="new-password"
            required
            autoFocus
            error={fieldError(t, fields.password.errors)}
          />
          <TextInput
            type="password"
            key={fields.confirmation.key}
            label={t("auth.confirmPassword")}
            name={fields.confirmation.name}
            autoComplete="new-password"
            required
            error={fieldError(t, fields.confirmation.errors)}
          />
          <Button type="submit">{t("app.save")}</Button>
        </Stack>
      </Form>
    </Stack>
  );
}
