import type { MetaFunction } from "@remix-run/node";
import { resetRequestAction } from "~/modules/access/auth-pages.server";
import { ResetRequestPage } from "~/modules/access/ui/ResetRequestPage";

export const meta: MetaFunction = () => [{ title: "Passwort zurücksetzen · ServiceHub" }];
export const action = resetRequestAction;
export default ResetRequestPage;
