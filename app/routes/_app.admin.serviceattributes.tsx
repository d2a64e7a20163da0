import { routeHandle } from "~/i18n/namespaces";
import { attributesAction, attributesLoader } from "~/modules/attributes/attributes-page.server";
import { AttributesPage } from "~/modules/attributes/ui/AttributesPage";

export const handle = routeHandle({ i18n: ["attributes"], title: "attributes.title" });

/** /admin/serviceattributes — the custom service attributes in display order, up/down (admin guard); the delete confirmation nests here. */
export const loader = attributesLoader;
export const action = attributesAction;
export default AttributesPage;
