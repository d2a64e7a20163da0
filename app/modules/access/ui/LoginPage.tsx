import { Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { safeRedirectPath } from "~/lib/safe-path";
import { FormAlert } from "~/ui/FormAlert";
import { fieldError, useSchemaForm, type FormReply } from "~/ui/form/use-schema-form";
import { LoginSchema } from "../schemas";

/** /login — the local sign-in form. */
export function LoginPage() {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(LoginSchema, useActionData<FormReply>());
  const [params] = useSearchParams();
  const navigation = useNavigation();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t("auth.loginTitle")}
      </Title>
      <Text c="dimmed" size="sm">
        {t("auth.loginIntro")}
      </Text>
      <FormAlert error={form.errors?.[0]} />
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate>
        <input type="hidden" name={fields.redirectTo.name} value={safeRedirectPath(params.get("redirectTo"), "")} />
        <Stack gap="sm">
          <TextInput
            key={fields.email.key}
            label={t("auth.email")}
            name={fields.email.name}
            type="email"
            autoComplete="username"
            required
            autoFocus
            defaultValue={fields.email.initialValue}
            error={fieldError(t, fields.email.errors)}
          />
          <PasswordInput
            key={fields.password.key}
            label={t("auth.password")}
            name={fields.password.name}
            autoComplete="current-password"
            required
            error={fieldError(t, fields.password.errors)}
          />
          <Button type="submit" loading={navigation.state === "submitting"}>
            {t("auth.submit")}
          </Button>
        </Stack>
      </Form>
      <Anchor component={Link} to="/reset-password" size="sm">
        {t("auth.forgotPassword")}
      </Anchor>
    </Stack>
  );
}
