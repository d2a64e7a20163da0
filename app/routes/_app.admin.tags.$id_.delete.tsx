import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { BaseDataDeleteRoute } from "~/components/basedata/routes";
import { deleteLoader, deleteAction, entityRef } from "~/handlers/basedata.server";

export const loader = (args: LoaderFunctionArgs) => deleteLoader(args, entityRef("admin", "tags"));
export const action = (args: ActionFunctionArgs) => deleteAction(args, entityRef("admin", "tags"));
export default BaseDataDeleteRoute;
