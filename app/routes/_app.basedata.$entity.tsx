import { routeHandle } from "~/i18n/namespaces";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { BaseDataListRoute } from "~/modules/basedata/ui/routes";
import { listLoader, listAction, entityRef } from "~/modules/basedata/routes.server";

export const handle = routeHandle({
  i18n: ["basedata", "history"],
  title: (data: { entity?: string } | undefined) => (data?.entity ? `basedata.${data.entity}.title` : undefined),
});

export const loader = (args: LoaderFunctionArgs) => listLoader(args, entityRef("basedata", args.params.entity));
export const action = (args: ActionFunctionArgs) => listAction(args, entityRef("basedata", args.params.entity));
export default BaseDataListRoute;
