import { routeHandle } from "~/i18n/namespaces";
import { resetRequestAction } from "~/modules/access/auth-pages.server";
import { ResetRequestPage } from "~/modules/access/ui/ResetRequestPage";

export const handle = routeHandle({ i18n: ["auth"], title: "auth.resetTitle" });

export const action = resetRequestAction;
export default ResetRequestPage;
