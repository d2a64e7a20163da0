import { routeHandle } from "~/i18n/namespaces";
import { loginAction, loginHeaders, loginLoader } from "~/modules/access/auth-pages.server";
import { LoginPage } from "~/modules/access/ui/LoginPage";

export const handle = routeHandle({ i18n: ["auth"], title: "auth.loginTitle" });

export const loader = loginLoader;
export const action = loginAction;
export const headers = loginHeaders;
export default LoginPage;
