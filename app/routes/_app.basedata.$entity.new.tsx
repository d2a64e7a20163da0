import { routeHandle } from "~/i18n/namespaces";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { BaseDataNewRoute } from "~/modules/basedata/ui/routes";
import { newLoader, newAction, entityRef } from "~/modules/basedata/routes.server";

export const handle = routeHandle({ i18n: ["basedata"] });

export const loader = (args: LoaderFunctionArgs) => newLoader(args, entityRef("basedata", args.params.entity));
export const action = (args: ActionFunctionArgs) => newAction(args, entityRef("basedata", args.params.entity));
export default BaseDataNewRoute;
