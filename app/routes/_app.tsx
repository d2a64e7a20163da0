import { routeHandle } from "~/i18n/namespaces";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { catalogueTitle } from "~/modules/catalogue/catalogue-title";
import { ErrorPage } from "~/ui/ErrorPage";
import { AppLayout } from "~/shell/AppLayout";
import { appLayoutLoader } from "~/shell/layout.server";

export const handle = routeHandle({ i18n: ["catalogue"] });

export const loader = appLayoutLoader;

// The title follows the current catalogue, which only the browser's actions change.
export const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate, currentUrl, nextUrl }) =>
  defaultShouldRevalidate || currentUrl.pathname.startsWith("/servicecatalog") !== nextUrl.pathname.startsWith("/servicecatalog");

/** The layout's data as the page receives it. */
type ShellData = NonNullable<ReturnType<typeof useRouteLoaderData<typeof loader>>>;

function Shell({ data, children }: { data: ShellData; children: ReactNode }) {
  const { user, prefs, version, appBarStyle, catalogue, canChangePassword, logoUrl, systemMessage, unread } = data;
  const { t } = useTranslation();
  return (
    <AppLayout user={user} canChangePassword={canChangePassword} prefs={prefs} version={version} appBarStyle={appBarStyle} logoUrl={logoUrl} title={catalogue ? catalogueTitle(t, catalogue) : null} systemMessage={systemMessage} unread={unread}>
      {children}
    </AppLayout>
  );
}

export default function AppRoute() {
  return (
    <Shell data={useLoaderData<typeof loader>()}>
      <Outlet />
    </Shell>
  );
}

/**
 * Errors below the layout (a refusal, an unknown path, a failed loader): a boundary replaces its
 * own route's element, so it draws the shell again from the layout's data — the side menu and top
 * bar stay (decision 0053). Only when the layout's own loader failed is the page bare.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("routes/_app");
  const { t } = useTranslation();
  const page = <ErrorPage error={error} homeLabel={t("app.home")} />;
  if (!data) {
    return (
      <main id="main" className="bare-page">
        {page}
      </main>
    );
  }
  return <Shell data={data}>{page}</Shell>;
}
