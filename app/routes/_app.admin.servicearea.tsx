import { routeHandle } from "~/i18n/namespaces";
import { serviceAreaAction, serviceAreaLoader } from "~/modules/appearance/service-area-page.server";
import { ServiceAreaDialog } from "~/modules/appearance/ui/ServiceAreaDialog";

export const handle = routeHandle({ i18n: ["appearance"], title: "appearance.serviceArea.title" });

export const loader = serviceAreaLoader;
export const action = serviceAreaAction;
export default ServiceAreaDialog;
