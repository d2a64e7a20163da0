import { routeHandle } from "~/i18n/namespaces";
import { azureLinkAction, azureLinkLoader } from "~/modules/access/azure-link.server";
import { AzureLinkPage } from "~/modules/access/ui/AzureLinkPage";

export const handle = routeHandle({ i18n: ["auth"] });

/** /auth/azure/link — an existing account's password links it to a Microsoft sign-in once (decision 0047). */
export const loader = azureLinkLoader;
export const action = azureLinkAction;
export default AzureLinkPage;
