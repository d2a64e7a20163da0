import { Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireCapability } from "~/auth/session.server";

export const meta: MetaFunction = () => [{ title: "Dashboard · ServiceHub" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCapability(request, "catalogue:read");
  return { name: user.name };
}

export default function Dashboard() {
  const { name } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1}>{t("dashboard.title")}</Title>
      <Text data-testid="welcome">{t("dashboard.welcome", { name })}</Text>
      <Text c="dimmed">{t("dashboard.intro")}</Text>
    </Stack>
  );
}
