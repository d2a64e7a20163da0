import type { LoaderFunctionArgs } from "@remix-run/node";
import { BaseDataDetailRoute } from "~/components/basedata/routes";
import { detailLoader, entityRef } from "~/handlers/basedata.server";

export const loader = (args: LoaderFunctionArgs) => detailLoader(args, entityRef("basedata", args.params.entity));
export default BaseDataDetailRoute;
