import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirectWithFlash } from "~/server/flash.server";

// Single sign-on return path (spec 01 §2). Entra ID sign-in is not configured yet; the route is
// public as the guards require and leads back to /login, as the spec's callback does.
export async function loader({ request }: LoaderFunctionArgs) {
  return redirectWithFlash(request, "/login", { kind: "info", message: "auth.ssoNotConfigured" });
}
