import { azureLinkAction, azureLinkLoader } from "~/modules/access/azure-link.server";
import { AzureLinkPage } from "~/modules/access/ui/AzureLinkPage";

/** /auth/azure/link — an existing account's password links it to a Microsoft sign-in once (decision 0047). */
export const loader = azureLinkLoader;
export const action = azureLinkAction;
export default AzureLinkPage;
