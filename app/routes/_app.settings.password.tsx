import { Button, Group, PasswordInput, Stack } from "@mantine/core";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getSessionId, requireUser } from "~/modules/access/session.server";
import { safeRedirectPath } from "~/lib/safe-path";
import { FormAlert } from "~/ui/FormAlert";
import { RouteDialog } from "~/ui/RouteDialog";
import { getDb } from "~/server/db/db.server";
import { redirectWithFlash } from "~/server/flash.server";
import { parseFormData, translateError } from "~/ui/forms";
import { ChangePasswordSchema } from "~/modules/access/schemas";
import { changePassword } from "~/modules/access/user.server";
import { readFormData } from "~/server/request-body.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (user.azureUser) throw new Response("Not Found", { status: 404 });
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  // Accounts from the identity provider have no local password to change (spec 01 §2).
  if (user.azureUser) throw new Response("Forbidden", { status: 403 });
  const parsed = parseFormData(ChangePasswordSchema, await readFormData(request));
  if (!parsed.success) return data({ errors: parsed.errors }, { status: 400 });
  const { old_password, new_password, redirectTo } = parsed.data;
  const sessionId = await getSessionId(request);
  const ok = await getDb()
    .transaction()
    .execute((trx) => changePassword(trx, user, old_password, new_password, sessionId));
  if (!ok) return data({ errors: { old_password: "auth.oldPasswordWrong" } as Record<string, string> }, { status: 400 });
  return redirectWithFlash(request, safeRedirectPath(redirectTo, "/settings"), { kind: "success", message: "auth.passwordChanged" });
}

export default function ChangePasswordDialog() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const back = safeRedirectPath(params.get("redirectTo"), "/settings");
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  return (
    <RouteDialog title={t("auth.changePasswordTitle")} closeTo={back} maxWidth={400}>
      <Form method="post" noValidate>
        <input type="hidden" name="redirectTo" value={back} />
        <Stack gap="sm">
          <FormAlert error={errors._form} />
          <PasswordInput label={t("auth.oldPassword")} name="old_password" autoComplete="current-password" required autoFocus error={translateError(t, errors.old_password)} />
          <PasswordInput label={t("auth.newPassword")} name="new_password" autoComplete="new-password" required error={translateError(t, errors.new_password)} />
          <PasswordInput
            label={t("auth.confirmPassword")}
            name="new_password_confirmation"
            autoComplete="new-password"
            required
            error={translateError(t, errors.new_password_confirmation)}
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
