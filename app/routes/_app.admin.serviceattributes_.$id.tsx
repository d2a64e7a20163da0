import { routeHandle } from "~/i18n/namespaces";
import { editAttributeAction, editAttributeLoader } from "~/modules/attributes/attributes-page.server";
import { AttributeFormPage } from "~/modules/attributes/ui/AttributeFormPage";

export const handle = routeHandle({ i18n: ["attributes"], title: "attributes.title" });

/**
 * /admin/serviceattributes/:id — edit one service attribute (admin guard; unknown id → 404). Not
 * nested in the list (the trailing underscore). A change that affects stored values asks first.
 */
export const loader = editAttributeLoader;
export const action = editAttributeAction;
export default AttributeFormPage;
