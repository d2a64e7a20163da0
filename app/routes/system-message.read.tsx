import { routeHandle } from "~/i18n/namespaces";
import { readMessageAction, readMessageLoader } from "~/modules/systeminfo/public-page.server";

export const handle = routeHandle({ i18n: ["systeminfo", "users"] });

/** POST /system-message/read — OK of the system-message dialog (a resource route: it only records and redirects). */
export const loader = readMessageLoader;
export const action = readMessageAction;
