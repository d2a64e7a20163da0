import { routeHandle } from "~/i18n/namespaces";
import { createAiAction, createAiLoader } from "~/modules/ai/create-ai-page.server";
import { AiCreatePage } from "~/modules/ai/ui/AiCreatePage";

export const handle = routeHandle({ i18n: ["ai", "basedata", "credits", "headlines", "masks", "service", "servicechildren"], title: "ai.create.title" });

/** /servicecatalog/ai — services drafted by the AI assistant (the create menu's AI entry, issue 19 §4). */
export const loader = createAiLoader;
export const action = createAiAction;
export default AiCreatePage;
