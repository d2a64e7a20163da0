import { Alert, Stack, Title } from "@mantine/core";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { forbid, requireUser } from "~/modules/access/session.server";
import { audienceAllows, findPlannedPage } from "~/shell/navigation";
import { askedRefusal, refusal } from "~/server/refusal.server";

/**
 * Every signed-in path without a route of its own: a planned screen shows "coming soon" behind
 * the guard it will have, anything else is a 404. Real routes added later take precedence. It
 * also draws the refusal page of a resource route (decision 0053, server/refusal-pages.mjs).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // The server's second pass of a download it refused a browser: the same refusal, as a page.
  const asked = askedRefusal(request);
  if (asked) throw refusal(asked);
  const page = findPlannedPage(new URL(request.url).pathname);
  if (!page) throw refusal(404);
  if (!audienceAllows(page.audience, user.role)) forbid(request);
  return { key: page.key };
}

export async function action({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const page = findPlannedPage(new URL(request.url).pathname);
  if (!page) throw refusal(404);
  if (!audienceAllows(page.audience, user.role)) forbid(request);
  throw refusal(405);
}

export default function PlannedPage() {
  const { key } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <Stack maw={720}>
      <Title order={1}>{t(`nav.${key}`)}</Title>
      <Alert color="blue" title={t("app.comingSoonTitle")} data-testid="coming-soon">
        {t("app.comingSoon")}
      </Alert>
    </Stack>
  );
}
