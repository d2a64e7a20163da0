import { resetRequestAction } from "~/modules/access/auth-pages.server";
import { ResetRequestPage } from "~/modules/access/ui/ResetRequestPage";

export const action = resetRequestAction;
export default ResetRequestPage;
