import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { BaseDataListRoute } from "~/modules/basedata/ui/routes";
import { listLoader, listAction, entityRef } from "~/modules/basedata/routes.server";

export const loader = (args: LoaderFunctionArgs) => listLoader(args, entityRef("basedata", args.params.entity));
export const action = (args: ActionFunctionArgs) => listAction(args, entityRef("basedata", args.params.entity));
export default BaseDataListRoute;
