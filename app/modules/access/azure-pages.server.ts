import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { redirectWithFlash } from "~/server/flash.server";
import { AzureSignInError, clearOAuthCookies, finishAzureSignIn, startAzureSignIn } from "./azure.server";
import { azureMode } from "./azure-config.server";
import { askForLink } from "./azure-link.server";
import { startUserSession } from "./session.server";

/** Loader and action bodies of /auth/azure (start) and /auth/azure/callback (issue 14). */

function refused(error: unknown, request: Request) {
  if (error instanceof Response) throw error;
  const message = error instanceof AzureSignInError ? error.messageKey : "auth.sso.failed";
  // One line per refusal: enough to see a misconfiguration in the server log, no stack for a stale link.
  const cause = error instanceof AzureSignInError ? error.cause : error;
  console.warn(`single sign-on refused: ${message}${cause instanceof Error ? ` (${cause.message})` : ""}`);
  const headers = new Headers();
  for (const cookie of clearOAuthCookies(request)) headers.append("Set-Cookie", cookie);
  return data({ error: message }, { status: message === "auth.sso.unreachable" ? 502 : 400, headers });
}

/** Start (POST from the login page; a GET works too, e.g. a bookmark): off to the identity provider. */
export async function azureStart({ request }: ActionFunctionArgs | LoaderFunctionArgs) {
  if (!azureMode()) return redirectWithFlash(request, "/login", { kind: "info", message: "auth.ssoNotConfigured" });
  try {
    return await startAzureSignIn(request);
  } catch (error) {
    return refused(error, request);
  }
}

/** The return from Entra ID: a session and the dashboard, or the error page with a way back to /login. */
export async function azureCallback({ request }: LoaderFunctionArgs) {
  if (!azureMode()) return redirectWithFlash(request, "/login", { kind: "info", message: "auth.ssoNotConfigured" });
  try {
    const result = await finishAzureSignIn(request);
    // An existing account with the token's e-mail but not this object id: its password first (decision 0047).
    const response = result.kind === "link-needed" ? await askForLink(request, result.identity, result.userId) : await startUserSession(request, result.user, "/dashboard");
    for (const cookie of clearOAuthCookies(request)) response.headers.append("Set-Cookie", cookie);
    return response;
  } catch (error) {
    return refused(error, request);
  }
}
