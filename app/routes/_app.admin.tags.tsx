import { routeHandle } from "~/i18n/namespaces";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { BaseDataListRoute } from "~/modules/basedata/ui/routes";
import { listLoader, listAction, entityRef } from "~/modules/basedata/routes.server";

export const handle = routeHandle({ i18n: ["basedata", "history"], title: "nav.tags" });

export const loader = (args: LoaderFunctionArgs) => listLoader(args, entityRef("admin", "tags"));
export const action = (args: ActionFunctionArgs) => listAction(args, entityRef("admin", "tags"));
export default BaseDataListRoute;
