import { loginAction, loginLoader } from "~/modules/access/auth-pages.server";
import { LoginPage } from "~/modules/access/ui/LoginPage";

export const loader = loginLoader;
export const action = loginAction;
export default LoginPage;
