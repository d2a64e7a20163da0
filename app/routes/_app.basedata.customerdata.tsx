import { routeHandle } from "~/i18n/namespaces";
import { customerDataAction, customerDataLoader } from "~/modules/basedata/customer-data-page.server";
import { CustomerDataPage } from "~/modules/basedata/ui/CustomerDataPage";

export const handle = routeHandle({ i18n: ["basedata"], title: "nav.customerdata" });

export const loader = customerDataLoader;
export const action = customerDataAction;
export default CustomerDataPage;
