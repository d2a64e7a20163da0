import { routeHandle } from "~/i18n/namespaces";
import { childrenLoader, childrenRouteAction } from "~/modules/service/children-answer.server";
import { ChildrenAnswerPage } from "~/modules/service/ui/children/ChildrenAnswerPage";

export const handle = routeHandle({ i18n: ["headlines", "service"] });

export const loader = childrenLoader;
export const action = childrenRouteAction;
export default ChildrenAnswerPage;
