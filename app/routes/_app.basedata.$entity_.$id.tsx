import { routeHandle } from "~/i18n/namespaces";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { BaseDataDetailRoute } from "~/modules/basedata/ui/routes";
import { detailAction, detailLoader, entityRef } from "~/modules/basedata/routes.server";

export const handle = routeHandle({ i18n: ["basedata", "history"] });

export const loader = (args: LoaderFunctionArgs) => detailLoader(args, entityRef("basedata", args.params.entity));
export const action = (args: ActionFunctionArgs) => detailAction(args, entityRef("basedata", args.params.entity));
export default BaseDataDetailRoute;
