import { Alert, Anchor, Button, PasswordInput, Stack, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getDb } from "~/server/db/db.server";
import { redirectWithFlash } from "~/server/flash.server";
import { parseFormData, translateError } from "~/ui/forms";
import { ResetPasswordSchema } from "~/modules/access/schemas";
import { findValidResetToken, resetPasswordWithToken } from "~/modules/access/password-reset.server";
import { readFormData } from "~/server/request-body.server";

export const meta: MetaFunction = () => [{ title: "Neues Passwort · ServiceHub" }];

export async function loader({ params }: LoaderFunctionArgs) {
  const valid = Boolean(params.token && (await findValidResetToken(getDb(), params.token)));
  return { valid };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const parsed = parseFormData(ResetPasswordSchema, await readFormData(request));
  if (!parsed.success) return data({ errors: parsed.errors, invalid: false }, { status: 400 });
  const token = params.token ?? "";
  const ok = await getDb().transaction().execute((trx) => resetPasswordWithToken(trx, token, parsed.data.password));
  if (!ok) return data({ errors: {}, invalid: true }, { status: 400 });
  return redirectWithFlash(request, "/login", { kind: "success", message: "auth.resetDone" });
}

export default function ResetPasswordWithToken() {
  const { t } = useTranslation();
  const { valid } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  if (!valid || actionData?.invalid) {
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
      <Form method="post" noValidate>
        <Stack gap="sm">
          <PasswordInput label={t("auth.newPassword")} name="password" autoComplete="new-password" required autoFocus error={translateError(t, errors.password)} />
          <PasswordInput label={t("auth.confirmPassword")} name="confirmation" autoComplete="new-password" required error={translateError(t, errors.confirmation)} />
          <Button type="submit">{t("app.save")}</Button>
        </Stack>
      </Form>
    </Stack>
  );
}
