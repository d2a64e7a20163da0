import { routeHandle } from "~/i18n/namespaces";
import { useLoaderData } from "@remix-run/react";
import { tomAction, tomLoader } from "~/modules/tom/tom-page.server";
import { TomPanel } from "~/modules/tom/ui/TomPanel";
import { settingsEntryLoader } from "~/modules/settings/settings-page.server";

export const handle = routeHandle({ i18n: ["structure", "tom"] });

/** /settings/tom — the T.O.M. entry, for every signed-in user (spec 01 §2); uploads superadmins only. */
export const loader = settingsEntryLoader("tom", tomLoader);
export const action = tomAction;

export default function TomRoute() {
  return <TomPanel data={useLoaderData<typeof loader>()} />;
}
