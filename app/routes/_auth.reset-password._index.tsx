import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getDb } from "~/db/db.server";
import { getT } from "~/i18n/i18next.server";
import { env } from "~/lib/env.server";
import { parseFormData, translateError } from "~/lib/forms";
import { ResetRequestSchema } from "~/lib/schemas/auth";
import { sendMail } from "~/mail/mailer.server";
import { createPasswordResetToken } from "~/models/password-reset.server";

export const meta: MetaFunction = () => [{ title: "Passwort zurücksetzen · ServiceHub" }];

export async function action({ request }: ActionFunctionArgs) {
  const parsed = parseFormData(ResetRequestSchema, await request.formData());
  if (!parsed.success) return data({ sent: false as const, errors: parsed.errors }, { status: 400 });
  const reset = await getDb().transaction().execute((trx) => createPasswordResetToken(trx, parsed.data.email));
  if (reset) {
    const t = await getT(request);
    const origin = env().APP_URL ?? new URL(request.url).origin;
    const link = `${origin}/reset-password/${reset.token}`;
    await sendMail({
      to: reset.user.email,
      subject: t("auth.resetMailSubject"),
      text: t("auth.resetMailBody", { name: reset.user.name, link }),
    });
  }
  // The same answer whether or not the account exists, so the form cannot be used to find accounts.
  return { sent: true as const, errors: {} };
}

export default function ResetPasswordRequest() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t("auth.resetTitle")}
      </Title>
      {actionData?.sent ? (
        <Alert color="green" role="status" data-testid="reset-sent">
          {t("auth.resetSent")}
        </Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t("auth.resetIntro")}
          </Text>
          <Form method="post" noValidate>
            <Stack gap="sm">
              <TextInput
                label={t("auth.email")}
                name="email"
                type="email"
                autoComplete="email"
                required
                autoFocus
                error={translateError(t, actionData?.errors?.email)}
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
