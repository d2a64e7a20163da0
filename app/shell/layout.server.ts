import type { LoaderFunctionArgs } from "@remix-run/node";
import { version } from "../../package.json";
import { mayChangePassword } from "~/modules/access/azure-config.server";
import { requireUser } from "~/modules/access/session.server";
import { getCatalogue, getCurrentCatalogueId } from "~/modules/catalogue/catalogue.server";
import { getDb } from "~/server/db/db.server";
import { readSidebarPrefs } from "~/server/prefs.server";
import { getAppBarSettings, getLogoVersion } from "~/modules/appearance/shell-look.server";
import { logoUrl } from "~/modules/appearance/appearance";
import { unreadMessageFor } from "~/modules/systeminfo/feed.server";
import { appBarStyle } from "~/modules/appearance/app-bar";
import { currentCustomerRelease } from "~/modules/releases/customer-view.server";
import { unreadCount } from "~/modules/notifications/notifications.server";

/** The signed-in shell: the user, their sidebar, the top bar's look and title. */
/** Spec 01 §2: paths under /servicecatalog show the current catalogue's title in the top bar. */
async function catalogueNaming(request: Request, userId: number) {
  if (!new URL(request.url).pathname.startsWith("/servicecatalog")) return null;
  const db = getDb();
  return (await getCatalogue(db, await getCurrentCatalogueId(db, userId))) ?? null;
}

export async function appLayoutLoader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [prefs, appBar, catalogue, logoVersion, systemMessage, customerRelease, unread] = await Promise.all([
    readSidebarPrefs(request),
    getAppBarSettings(getDb()),
    catalogueNaming(request, user.id),
    getLogoVersion(getDb()),
    unreadMessageFor(getDb(), user.id),
    currentCustomerRelease(getDb(), user),
    // The bell's count (issue 36 §5).
    unreadCount(getDb(), user.id),
  ]);
  return {
    user,
    prefs,
    version,
    appBarStyle: appBarStyle(appBar),
    catalogue,
    canChangePassword: mayChangePassword(user),
    logoUrl: logoUrl(logoVersion),
    systemMessage,
    readsRelease: customerRelease !== null,
    unread,
  };
}

