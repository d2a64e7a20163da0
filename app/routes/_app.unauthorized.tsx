import { routeHandle } from "~/i18n/namespaces";
import { Alert, Stack, Title } from "@mantine/core";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/modules/access/session.server";

export const handle = routeHandle({ title: "errors.unauthorizedTitle" });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function Unauthorized() {
  const { t } = useTranslation();
  return (
    <Stack maw={640}>
      <Title order={1}>{t("errors.unauthorizedTitle")}</Title>
      <Alert color="red" icon={<IconLock aria-hidden />} data-testid="unauthorized-message">
        {t("errors.unauthorized")}
      </Alert>
    </Stack>
  );
}
