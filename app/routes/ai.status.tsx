import { routeHandle } from "~/i18n/namespaces";
import { aiStatusAction, aiStatusLoader } from "~/modules/ai/status-page.server";

export const handle = routeHandle({ i18n: ["ai", "credits", "headlines", "masks", "service", "users"] });

/** GET /ai/status — the AI assistant's status as JSON for signed-in users (issue 19 §1). */
export const loader = aiStatusLoader;
export const action = aiStatusAction;
