import { Anchor, Stack, Text, Title } from "@mantine/core";
import { Link, isRouteErrorResponse } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** One error view for every boundary: 404 text of the spec, otherwise status and message, never a stack. */
export function ErrorPage({ error, homeLabel }: { error: unknown; homeLabel: string }) {
  const { t } = useTranslation();
  let status = 500;
  let message = t("errors.generic");
  if (isRouteErrorResponse(error)) {
    status = error.status;
    if (status === 404) message = t("errors.notFound");
    else if (status === 403) message = t("errors.forbidden");
    // The framework's and our helpers' own answers: say it in the reader's language.
    else if (status === 400) message = t("errors.badRequest");
    else if (status === 413) message = t("errors.payloadTooLarge");
    else if (status === 415) message = t("errors.unsupportedMediaType");
    else if (status === 429) message = t("errors.tooManyRequests");
    else if (typeof error.data === "string" && error.data) message = error.data;
    else if (error.statusText) message = error.statusText;
  }
  return (
    <Stack align="center" gap="sm" py="xl" data-testid="error-page">
      <Title order={1}>{status}</Title>
      <Text size="lg">{message}</Text>
      <Anchor component={Link} to="/">
        {homeLabel}
      </Anchor>
    </Stack>
  );
}
