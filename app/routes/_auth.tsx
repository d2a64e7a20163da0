import { routeHandle } from "~/i18n/namespaces";
import { Paper, Stack } from "@mantine/core";
import { Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { authLayoutLoader } from "~/modules/appearance/appearance-page.server";
import { loginFormStyle } from "~/modules/appearance/appearance";
import { LanguageSwitch } from "~/shell/LanguageSwitch";

export const handle = routeHandle({ i18n: ["appearance", "catalogue", "structure", "users"], hydrate: false });

export const loader = authLayoutLoader;

/** The bare layout of spec 01 §2 for login-type pages: the login-form background and the logo (admin settings). */
export default function AuthLayout() {
  const { loginForm, logoUrl } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main id="main" className="bare-page" style={loginFormStyle(loginForm)} data-testid="auth-background">
      <Paper shadow="md" p="xl" radius="md" withBorder w="100%" maw={420}>
        <Stack gap="md">
          {logoUrl ? <img src={logoUrl} alt={t("shell.logoAlt")} style={{ maxHeight: 64, maxWidth: "100%", alignSelf: "flex-start" }} data-testid="auth-logo" /> : null}
          <LanguageSwitch />
          <Outlet />
        </Stack>
      </Paper>
    </main>
  );
}
