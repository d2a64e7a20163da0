import { routeHandle } from "~/i18n/namespaces";
import { prefsAction, prefsLoader } from "~/modules/settings/prefs-page.server";

export const handle = routeHandle({ i18n: ["settings", "users"] });

export const loader = prefsLoader;
export const action = prefsAction;
