import { Alert, Anchor, Stack, Title } from "@mantine/core";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** A refused single sign-on: what went wrong, in the reader's language, and the way back. */
export function SsoErrorPage() {
  const { t } = useTranslation();
  const loaded = useLoaderData<{ error?: string } | null>();
  const acted = useActionData<{ error?: string } | null>();
  const error = acted?.error ?? loaded?.error ?? "auth.sso.failed";
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t("auth.sso.errorTitle")}
      </Title>
      <Alert color="red" role="alert" data-testid="sso-error">
        {t(error)}
      </Alert>
      <Anchor component={Link} to="/login" reloadDocument>
        {t("auth.sso.backToLogin")}
      </Anchor>
    </Stack>
  );
}
