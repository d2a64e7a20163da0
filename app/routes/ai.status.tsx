import { aiStatusAction, aiStatusLoader } from "~/modules/ai/status-page.server";

/** GET /ai/status — the AI assistant's status as JSON for signed-in users (issue 19 §1). */
export const loader = aiStatusLoader;
export const action = aiStatusAction;
