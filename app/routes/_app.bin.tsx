import type { MetaFunction } from "@remix-run/node";
import { binAction, binLoader } from "~/modules/service/bin-page.server";
import { BinPage } from "~/modules/service/ui/bin/BinPage";

export const loader = binLoader;
export const action = binAction;
export const meta: MetaFunction = () => [{ title: "ServiceHub" }];
export default BinPage;
