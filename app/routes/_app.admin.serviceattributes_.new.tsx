import { routeHandle } from "~/i18n/namespaces";
import { newAttributeAction, newAttributeLoader } from "~/modules/attributes/attributes-page.server";
import { AttributeFormPage } from "~/modules/attributes/ui/AttributeFormPage";

export const handle = routeHandle({ i18n: ["attributes"], title: "attributes.newTitle" });

/** /admin/serviceattributes/new — a new service attribute (admin guard); a page of its own, like the edit page. */
export const loader = newAttributeLoader;
export const action = newAttributeAction;
export default AttributeFormPage;
