import { azureStart } from "~/modules/access/azure-pages.server";
import { SsoErrorPage } from "~/modules/access/ui/SsoErrorPage";

/** /auth/azure/login — starts the sign-in with Microsoft (issue 14); shows why when it cannot. */
export const loader = azureStart;
export const action = azureStart;
export default SsoErrorPage;
