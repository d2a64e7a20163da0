import type { LoaderFunctionArgs } from "@remix-run/node";
import { BaseDataDetailRoute } from "~/modules/basedata/ui/routes";
import { detailLoader, entityRef } from "~/modules/basedata/routes.server";

export const loader = (args: LoaderFunctionArgs) => detailLoader(args, entityRef("admin", "tags"));
export default BaseDataDetailRoute;
