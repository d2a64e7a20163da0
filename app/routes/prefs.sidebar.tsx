import { prefsAction, prefsLoader } from "~/modules/settings/prefs-page.server";

export const loader = prefsLoader;
export const action = prefsAction;
