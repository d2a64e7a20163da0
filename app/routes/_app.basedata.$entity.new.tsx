import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { BaseDataNewRoute } from "~/components/basedata/routes";
import { newLoader, newAction, entityRef } from "~/handlers/basedata.server";

export const loader = (args: LoaderFunctionArgs) => newLoader(args, entityRef("basedata", args.params.entity));
export const action = (args: ActionFunctionArgs) => newAction(args, entityRef("basedata", args.params.entity));
export default BaseDataNewRoute;
