import { routeHandle } from "~/i18n/namespaces";
import { useLoaderData } from "@remix-run/react";
import { headlinesLoader } from "~/modules/masks/headlines-page.server";
import { HeadlinesPanel } from "~/modules/masks/ui/HeadlinesPage";
import { settingsEntryLoader } from "~/modules/settings/settings-page.server";

export const handle = routeHandle({ i18n: ["headlines", "masks", "service"] });

/** /settings/headlines — the service headlines (/admin/serviceheadlines); its forms post there and return here. */
export const loader = settingsEntryLoader("headlines", headlinesLoader);

export default function HeadlinesEntry() {
  return <HeadlinesPanel data={useLoaderData<typeof loader>()} />;
}
