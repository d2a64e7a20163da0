import { Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LoginError, authenticator } from "~/modules/access/authenticator.server";
import { getUser, startUserSession } from "~/modules/access/session.server";
import { safeRedirectPath } from "~/lib/safe-path";
import { FormAlert } from "~/ui/FormAlert";
import { translateError, type FieldErrors } from "~/ui/forms";
import { readFormData } from "~/server/request-body.server";

export const meta: MetaFunction = () => [{ title: "Login · ServiceHub" }];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getUser(request)) throw redirect("/dashboard");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  // Signing in while signed in (another tab, another account) is a new sign-in: the new
  // credentials win and startUserSession ends the old session.
  const form = await readFormData(request.clone());
  try {
    const user = await authenticator.authenticate("form", request);
    return await startUserSession(request, user, safeRedirectPath(form.get("redirectTo")));
  } catch (error) {
    if (error instanceof LoginError) {
      const email = typeof form.get("email") === "string" ? String(form.get("email")) : "";
      return data({ errors: error.errors as FieldErrors, email }, { status: error.status });
    }
    throw error;
  }
}

export default function Login() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const errors = actionData?.errors ?? {};
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t("auth.loginTitle")}
      </Title>
      <Text c="dimmed" size="sm">
        {t("auth.loginIntro")}
      </Text>
      <FormAlert error={errors._form} />
      <Form method="post" noValidate>
        <input type="hidden" name="redirectTo" value={safeRedirectPath(params.get("redirectTo"), "")} />
        <Stack gap="sm">
          <TextInput
            label={t("auth.email")}
            name="email"
            type="email"
            autoComplete="username"
            required
            autoFocus
            defaultValue={actionData?.email}
            error={translateError(t, errors.email)}
          />
          <PasswordInput
            label={t("auth.password")}
            name="password"
            autoComplete="current-password"
            required
            error={translateError(t, errors.password)}
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
