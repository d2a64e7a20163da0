import { routeHandle } from "~/i18n/namespaces";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { BaseDataEditRoute } from "~/modules/basedata/ui/routes";
import { editLoader, editAction, entityRef } from "~/modules/basedata/routes.server";

export const handle = routeHandle({ i18n: ["basedata"] });

export const loader = (args: LoaderFunctionArgs) => editLoader(args, entityRef("admin", "tags"));
export const action = (args: ActionFunctionArgs) => editAction(args, entityRef("admin", "tags"));
export default BaseDataEditRoute;
