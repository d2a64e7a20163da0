import { routeHandle } from "~/i18n/namespaces";
import { binAction, binLoader } from "~/modules/service/bin-page.server";
import { BinPage } from "~/modules/service/ui/bin/BinPage";

export const handle = routeHandle({ i18n: ["lifecycle"], title: "nav.bin" });

export const loader = binLoader;
export const action = binAction;
export default BinPage;
