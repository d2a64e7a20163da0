import { routeHandle } from "~/i18n/namespaces";
import { redirect } from "@remix-run/node";
import { logoutAction } from "~/modules/access/auth-pages.server";

export const handle = routeHandle({ i18n: ["auth", "users"] });

export function loader() {
  return redirect("/dashboard");
}

/** POST only, so a link on another site cannot sign a user out. */
export const action = logoutAction;
