import { Anchor, Stack, Text, Title } from "@mantine/core";
import { Link, isRouteErrorResponse } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** What the page says for a status: a heading in words and a sentence (i18n keys). */
function wordsFor(status: number, error: unknown): { title: string; message: string | null } {
  if (status === 404) return { title: "errors.notFoundTitle", message: "errors.notFound" };
  if (status === 403) return { title: "errors.forbiddenTitle", message: "errors.forbidden" };
  if (status === 405) return { title: "errors.methodNotAllowedTitle", message: "errors.methodNotAllowed" };
  // The framework's and our helpers' own answers: say it in the reader's language.
  if (status === 400) return { title: "errors.status", message: "errors.badRequest" };
  if (status === 413) return { title: "errors.status", message: "errors.payloadTooLarge" };
  if (status === 415) return { title: "errors.status", message: "errors.unsupportedMediaType" };
  if (status === 429) return { title: "errors.status", message: "errors.tooManyRequests" };
  if (status === 500) return { title: "errors.status", message: "errors.generic" };
  return { title: "errors.status", message: isRouteErrorResponse(error) ? null : "errors.generic" };
}

/**
 * One error view for every boundary (decision 0053): a heading that names the refusal in words, a
 * sentence, the status for whoever reports it, a link home — never a stack. Inside the signed-in
 * shell the side menu stays beside it (the `_app` boundary).
 */
export function ErrorPage({ error, homeLabel }: { error: unknown; homeLabel: string }) {
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const words = wordsFor(status, error);
  let message = words.message ? t(words.message) : t("errors.generic");
  if (!words.message && isRouteErrorResponse(error)) {
    if (typeof error.data === "string" && error.data) message = error.data;
    else if (error.statusText) message = error.statusText;
  }
  return (
    <Stack align="center" gap="sm" py="xl" data-testid="error-page" data-status={status}>
      <Title order={1}>{t(words.title, { status })}</Title>
      <Text size="lg">{message}</Text>
      {words.title === "errors.status" ? null : (
        <Text size="sm" c="dimmed">
          {t("errors.status", { status })}
        </Text>
      )}
      <Anchor component={Link} to="/">
        {homeLabel}
      </Anchor>
    </Stack>
  );
}
