import { binAction, binLoader } from "~/modules/service/bin-page.server";
import { BinPage } from "~/modules/service/ui/bin/BinPage";

export const loader = binLoader;
export const action = binAction;
export default BinPage;
