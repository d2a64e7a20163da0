import { Anchor, Button, Divider, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { IconBrandWindows } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { safeRedirectPath } from "~/lib/safe-path";
import { FormAlert } from "~/ui/FormAlert";
import { fieldError, useSchemaForm, type FormReply } from "~/ui/form/use-schema-form";
import type { LoginSchema } from "../schemas";

/** /login — the local sign-in form and, in Azure mode, "Sign in with Microsoft" above it. */
export function LoginPage() {
  const { t } = useTranslation();
  const { azureMode } = useLoaderData<{ azureMode: boolean }>() ?? { azureMode: false };
  const [form, fields] = useSchemaForm<typeof LoginSchema>(useActionData<FormReply>());
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
      {azureMode ? (
        <>
          {/* A full page load: the browser leaves for the identity provider. */}
          <Form method="post" action="/auth/azure/login" reloadDocument>
            <Button type="submit" fullWidth variant="default" leftSection={<IconBrandWindows size={18} aria-hidden />} data-testid="sso-login">
              {t("auth.sso.signIn")}
            </Button>
          </Form>
          <Divider label={t("auth.sso.orLocal")} labelPosition="center" />
        </>
      ) : null}
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
          <TextInput
            type="password"
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
