import { routeHandle } from "~/i18n/namespaces";
import { useLoaderData } from "@remix-run/react";
import { appearanceLoader } from "~/modules/appearance/appearance-page.server";
import { AppearancePanel } from "~/modules/appearance/ui/AppearancePage";
import { settingsEntryLoader } from "~/modules/settings/settings-page.server";

export const handle = routeHandle({ i18n: ["appearance", "structure"] });

/** /settings/logo — the appearance screen (/admin/logo); its forms post there and return here. */
export const loader = settingsEntryLoader("logo", appearanceLoader);

export default function LogoEntry() {
  return <AppearancePanel data={useLoaderData<typeof loader>()} />;
}
