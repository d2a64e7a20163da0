import { apiKeyAction, apiKeyLoader } from "~/modules/settings/api-key-page.server";
import { ApiKeyDialog } from "~/modules/settings/ui/ApiKeyDialog";

/** /settings/api-key — admins only (spec 01 §2: the Api-Key entry). */
export const loader = apiKeyLoader;
export const action = apiKeyAction;
export default ApiKeyDialog;
