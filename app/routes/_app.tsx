import type { LoaderFunctionArgs } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { version } from "../../package.json";
import { requireUser } from "~/modules/access/session.server";
import { ErrorPage } from "~/ui/ErrorPage";
import { AppLayout } from "~/ui/shell/AppLayout";
import { getDb } from "~/server/db/db.server";
import { appBarStyle } from "~/ui/shell/app-bar";
import { readSidebarPrefs } from "~/server/prefs.server";
import { getAppBarSettings } from "~/server/settings.server";
import { catalogueTitle } from "~/modules/catalogue/catalogue-title";
import { getCatalogue, getCurrentCatalogueId } from "~/modules/catalogue/catalogue.server";

/** Spec 01 §2: paths under /servicecatalog show the current catalogue's title in the top bar. */
async function catalogueNaming(request: Request, userId: number) {
  if (!new URL(request.url).pathname.startsWith("/servicecatalog")) return null;
  const db = getDb();
  return (await getCatalogue(db, await getCurrentCatalogueId(db, userId))) ?? null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [prefs, appBar, catalogue] = await Promise.all([readSidebarPrefs(request), getAppBarSettings(getDb()), catalogueNaming(request, user.id)]);
  return { user, prefs, version, appBarStyle: appBarStyle(appBar), catalogue };
}

// The title follows the current catalogue, which only the browser's actions change.
export const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate, currentUrl, nextUrl }) =>
  defaultShouldRevalidate || currentUrl.pathname.startsWith("/servicecatalog") !== nextUrl.pathname.startsWith("/servicecatalog");

export default function AppRoute() {
  const { user, prefs, version, appBarStyle, catalogue } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <AppLayout user={user} prefs={prefs} version={version} appBarStyle={appBarStyle} title={catalogue ? catalogueTitle(t, catalogue) : null}>
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
