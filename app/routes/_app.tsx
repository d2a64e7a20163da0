import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { version } from "../../package.json";
import { requireUser } from "~/auth/session.server";
import { ErrorPage } from "~/components/ErrorPage";
import { AppLayout } from "~/components/shell/AppLayout";
import { getDb } from "~/db/db.server";
import { appBarStyle } from "~/lib/app-bar";
import { readSidebarPrefs } from "~/lib/prefs.server";
import { getAppBarSettings } from "~/models/settings.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [prefs, appBar] = await Promise.all([readSidebarPrefs(request), getAppBarSettings(getDb())]);
  return { user, prefs, version, appBarStyle: appBarStyle(appBar) };
}

export default function AppRoute() {
  const { user, prefs, version, appBarStyle } = useLoaderData<typeof loader>();
  return (
    <AppLayout user={user} prefs={prefs} version={version} appBarStyle={appBarStyle}>
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
