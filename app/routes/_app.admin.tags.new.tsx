import { routeHandle } from "~/i18n/namespaces";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { BaseDataNewRoute } from "~/modules/basedata/ui/routes";
import { newLoader, newAction, entityRef } from "~/modules/basedata/routes.server";

export const handle = routeHandle({ i18n: ["basedata"] });

export const loader = (args: LoaderFunctionArgs) => newLoader(args, entityRef("admin", "tags"));
export const action = (args: ActionFunctionArgs) => newAction(args, entityRef("admin", "tags"));
export default BaseDataNewRoute;
