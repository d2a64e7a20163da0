import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { endUserSession } from "~/modules/access/session.server";
import { redirectWithFlash } from "~/server/flash.server";

export function loader() {
  return redirect("/dashboard");
}

/** POST only, so a link on another site cannot sign a user out. Deletes the session row. */
export async function action({ request }: ActionFunctionArgs) {
  const clear = await endUserSession(request);
  return redirectWithFlash(request, "/login", { kind: "info", message: "auth.loggedOut" }, { headers: { "Set-Cookie": clear } });
}
