import { routeHandle } from "~/i18n/namespaces";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { BaseDataDeleteRoute } from "~/modules/basedata/ui/routes";
import { deleteLoader, deleteAction, entityRef } from "~/modules/basedata/routes.server";

export const handle = routeHandle({ i18n: ["basedata"] });

export const loader = (args: LoaderFunctionArgs) => deleteLoader(args, entityRef("basedata", args.params.entity));
export const action = (args: ActionFunctionArgs) => deleteAction(args, entityRef("basedata", args.params.entity));
export default BaseDataDeleteRoute;
