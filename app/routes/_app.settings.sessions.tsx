import { sessionsAction, sessionsLoader } from "~/modules/settings/sessions-page.server";

/** /settings/sessions — the buttons of the "signed-in devices" card on /settings post here. */
export const loader = sessionsLoader;
export const action = sessionsAction;
