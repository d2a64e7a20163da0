import { routeHandle } from "~/i18n/namespaces";
import { itemDialogAction, itemDialogLoader } from "~/modules/catalogframe/section-page.server";
import { ItemDialog } from "~/modules/catalogframe/ui/ItemDialogs";

export const handle = routeHandle({ i18n: ["service"] });

/** /catalogframe/:id/item/:kind/new?section= and /item/:kind/:item — a paragraph, table or matrix of a section. */
export const loader = itemDialogLoader;
export const action = itemDialogAction;
export default ItemDialog;
