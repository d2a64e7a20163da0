import { routeHandle } from "~/i18n/namespaces";
import { azureCallback } from "~/modules/access/azure-pages.server";
import { SsoErrorPage } from "~/modules/access/ui/SsoErrorPage";

export const handle = routeHandle({ i18n: ["auth"] });

/** /auth/azure/callback — the single sign-on return path (spec 01 §2, public). */
export const loader = azureCallback;
export default SsoErrorPage;
