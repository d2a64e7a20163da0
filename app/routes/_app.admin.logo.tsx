import { appearanceAction, appearanceLoader } from "~/modules/appearance/appearance-page.server";
import { AppearancePage } from "~/modules/appearance/ui/AppearancePage";

export const loader = appearanceLoader;
export const action = appearanceAction;
export default AppearancePage;
