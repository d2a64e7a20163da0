import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getDb } from "~/server/db/db.server";
import { getT } from "~/i18n/i18next.server";
import { appOrigin } from "~/server/env.server";
import { FormAlert } from "~/ui/FormAlert";
import { parseFormData, translateError, type FieldErrors } from "~/ui/forms";
import { ResetRequestSchema } from "~/modules/access/schemas";
import { sendMail } from "~/server/mailer.server";
import { clientIp } from "~/modules/access/authenticator.server";
import { admitResetRequest } from "~/modules/access/login-attempt.server";
import { createPasswordResetToken } from "~/modules/access/password-reset.server";
import { readFormData } from "~/server/request-body.server";

export const meta: MetaFunction = () => [{ title: "Passwort zurücksetzen · ServiceHub" }];

export async function action({ request }: ActionFunctionArgs) {
  const parsed = parseFormData(ResetRequestSchema, await readFormData(request));
  if (!parsed.success) return data({ sent: false as const, errors: parsed.errors as FieldErrors }, { status: 400 });
  const admitted = await admitResetRequest(getDb(), parsed.data.email, clientIp(request));
  if (admitted === "refused") return data({ sent: false as const, errors: { _form: "errors.tooManyRequests" } as FieldErrors }, { status: 429 });
  // Past the address's hourly mails: the same neutral answer, no new token, no mail.
  const reset = admitted === "mail" ? await getDb().transaction().execute((trx) => createPasswordResetToken(trx, parsed.data.email)) : undefined;
  if (reset) {
    const t = await getT(request);
    const link = `${appOrigin()}/reset-password/${reset.token}`;
    await sendMail({
      to: reset.user.email,
      subject: t("auth.resetMailSubject"),
      text: t("auth.resetMailBody", { name: reset.user.name, link }),
    });
  }
  // The same answer whether or not the account exists, so the form cannot be used to find accounts.
  return { sent: true as const, errors: {} as FieldErrors };
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
              <FormAlert error={actionData?.errors?._form} />
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
