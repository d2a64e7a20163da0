import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "~/ui/FormAlert";
import { fieldError, useSchemaForm, type FormReply } from "~/ui/form/use-schema-form";
import type { ResetRequestSchema } from "../schemas";

/** /reset-password — asks for a reset mail; answers the same whether or not the account exists. */
export function ResetRequestPage() {
  const { t } = useTranslation();
  const answer = useActionData<FormReply | { sent: true }>();
  const sent = answer !== undefined && "sent" in answer;
  const [form, fields] = useSchemaForm<typeof ResetRequestSchema>(sent ? undefined : answer);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t("auth.resetTitle")}
      </Title>
      {sent ? (
        <Alert color="green" role="status" data-testid="reset-sent">
          {t("auth.resetSent")}
        </Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t("auth.resetIntro")}
          </Text>
          <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate>
            <Stack gap="sm">
              <FormAlert error={form.errors?.[0]} />
              <TextInput
                key={fields.email.key}
                label={t("auth.email")}
                name={fields.email.name}
                type="email"
                autoComplete="email"
                required
                autoFocus
                defaultValue={fields.email.initialValue}
                error={fieldError(t, fields.email.errors)}
              />
              <Button type="submit">{t("auth.resetSubmit")}</Button>
            </Stack>
          </Form>
        </>
      )}
      <Anchor component={Link} to="/login" size="sm">
        {t("auth.backToLogin")}
      </Anchor>
    </Stack>
  );
}
