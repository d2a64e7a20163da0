import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { catalogueTitle } from "~/modules/catalogue/catalogue-title";
import { ErrorPage } from "~/ui/ErrorPage";
import { AppLayout } from "~/ui/shell/AppLayout";
import { appLayoutLoader } from "~/ui/shell/layout.server";

export const loader = appLayoutLoader;

// The title follows the current catalogue, which only the browser's actions change.
export const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate, currentUrl, nextUrl }) =>
  defaultShouldRevalidate || currentUrl.pathname.startsWith("/servicecatalog") !== nextUrl.pathname.startsWith("/servicecatalog");

export default function AppRoute() {
  const { user, prefs, version, appBarStyle, catalogue, canChangePassword, logoUrl, systemMessage } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <AppLayout user={user} canChangePassword={canChangePassword} prefs={prefs} version={version} appBarStyle={appBarStyle} logoUrl={logoUrl} title={catalogue ? catalogueTitle(t, catalogue) : null} systemMessage={systemMessage}>
      <Outlet />
    </AppLayout>
  );
}

/** Errors below the layout (404 of an unknown path, a failed loader) keep the shell around them. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  return <ErrorPage error={error} homeLabel={t("app.home")} />;
}
