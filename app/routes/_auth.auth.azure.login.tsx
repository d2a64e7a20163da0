import { routeHandle } from "~/i18n/namespaces";
import { azureStart } from "~/modules/access/azure-pages.server";
import { SsoErrorPage } from "~/modules/access/ui/SsoErrorPage";

export const handle = routeHandle({ i18n: ["auth"] });

/** /auth/azure/login — starts the sign-in with Microsoft (issue 14); shows why when it cannot. */
export const loader = azureStart;
export const action = azureStart;
export default SsoErrorPage;
