import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "~/ui/FormAlert";
import { fieldError, useSchemaForm, type FormReply } from "~/ui/form/use-schema-form";
import type { AzureLinkSchema } from "../schemas";

type Loaded = { email: string } | { error: string };

/**
 * /auth/azure/link — the Microsoft account's e-mail names an existing ServiceHub account: its
 * password, typed once, links the two; who has none asks an administrator. Expired → the way back.
 */
export function AzureLinkPage() {
  const { t } = useTranslation();
  const loaded = useLoaderData<Loaded>();
  const acted = useActionData<FormReply | { error: string }>();
  const reply = acted && !("error" in acted && typeof acted.error === "string") ? (acted as FormReply) : undefined;
  const [form, fields] = useSchemaForm<typeof AzureLinkSchema>(reply);
  const navigation = useNavigation();
  const error = acted && "error" in acted && typeof acted.error === "string" ? acted.error : "error" in loaded ? loaded.error : null;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t("auth.sso.linkTitle")}
      </Title>
      {error || !("email" in loaded) ? (
        <Alert color="red" role="alert" data-testid="sso-error">
          {t(error ?? "auth.sso.stateInvalid")}
        </Alert>
      ) : (
        <>
          <Text size="sm" data-testid="sso-link-intro">
            {t("auth.sso.linkIntro", { email: loaded.email })}
          </Text>
          <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate>
            <Stack gap="sm">
              <FormAlert error={form.errors?.[0]} />
              <TextInput
                type="password"
                key={fields.password.key}
                label={t("auth.password")}
                name={fields.password.name}
                autoComplete="current-password"
                required
                autoFocus
                error={fieldError(t, fields.password.errors)}
              />
              <Button type="submit" loading={navigation.state === "submitting"} data-testid="sso-link-submit">
                {t("auth.sso.linkSubmit")}
              </Button>
            </Stack>
          </Form>
          <Text size="sm" c="dimmed">
            {t("auth.sso.linkNoPassword")}
          </Text>
        </>
      )}
      <Anchor component={Link} to="/login" reloadDocument>
        {t("auth.sso.backToLogin")}
      </Anchor>
    </Stack>
  );
}
