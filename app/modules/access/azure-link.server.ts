import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { serializeCookie, ssoLinkCookie } from "~/server/cookies.server";
import { getDb } from "~/server/db/db.server";
import { redirectWithFlash } from "~/server/flash.server";
import { parseForm, refuse } from "~/server/form.server";
import { clientIp, throttled } from "./authenticator.server";
import { AzureSignInError, linkAzureIdentity, type AzureIdentity } from "./azure-account.server";
import { azureConfig } from "./azure-config.server";
import { admitLogin, loginSucceeded } from "./login-attempt.server";
import { verifyPassword } from "./password.server";
import { AzureLinkSchema } from "./schemas";
import { startUserSession } from "./session.server";

/**
 * /auth/azure/link (issue 31 item 5, decision 0047): a Microsoft sign-in whose e-mail names an
 * existing account that is not linked to its object id links it only after the account's local
 * password is typed here once. Throttled like the sign-in form: it is a password check too.
 */
const PendingSchema = z.object({
  userId: z.number().int().positive(),
  identity: z.object({ azureId: z.string().min(1), tenantId: z.string().nullable(), email: z.string(), name: z.string(), appRoles: z.array(z.string()).max(200) }),
});
type Pending = z.infer<typeof PendingSchema>;

/** The redirect to the link page, carrying the verified identity in its signed cookie. */
export async function askForLink(request: Request, identity: AzureIdentity, userId: number): Promise<Response> {
  // Groups are left out to keep the cookie small; the next sign-in records them.
  const pending: Pending = { userId, identity: { azureId: identity.azureId, tenantId: identity.tenantId, email: identity.email, name: identity.name, appRoles: identity.appRoles } };
  return redirect("/auth/azure/link", { headers: { "Set-Cookie": await serializeCookie(ssoLinkCookie, request, pending) } });
}

async function readPending(request: Request): Promise<Pending | null> {
  const parsed = PendingSchema.safeParse(await ssoLinkCookie.parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : null;
}

async function accountOf(pending: Pending) {
  return getDb().selectFrom("users").select(["id", "email", "password_hash"]).where("id", "=", pending.userId).executeTakeFirst();
}

export async function azureLinkLoader({ request }: LoaderFunctionArgs) {
  if (!azureConfig()) return redirectWithFlash(request, "/login", { kind: "info", message: "auth.ssoNotConfigured" });
  const pending = await readPending(request);
  const account = pending && (await accountOf(pending));
  if (!account) return data({ error: "auth.sso.stateInvalid" }, { status: 400 });
  return { email: account.email };
}

export async function azureLinkAction({ request }: ActionFunctionArgs) {
  const config = azureConfig();
  if (!config) return redirectWithFlash(request, "/login", { kind: "info", message: "auth.ssoNotConfigured" });
  const pending = await readPending(request);
  const account = pending && (await accountOf(pending));
  if (!pending || !account) return data({ error: "auth.sso.stateInvalid" }, { status: 400 });
  const { submission } = await parseForm(request, AzureLinkSchema);
  if (submission.status !== "success") return refuse(submission);
  const db = getDb();
  const ip = clientIp(request);
  const refusal = await admitLogin(db, account.email, { ip });
  if (refusal) {
    const error = throttled(refusal);
    return refuse(submission, { form: error.formError }, error.status);
  }
  if (!(await verifyPassword(submission.value.password, account.password_hash))) {
    return refuse(submission, { fields: { password: "auth.sso.linkPasswordWrong" } }, 401);
  }
  await loginSucceeded(db, account.email, { ip });
  try {
    const user = await linkAzureIdentity(db, { ...pending.identity, groups: [] }, config.roleMap, account.id);
    const response = await startUserSession(request, user, "/dashboard");
    response.headers.append("Set-Cookie", await serializeCookie(ssoLinkCookie, request, "", { maxAge: 0 }));
    return response;
  } catch (error) {
    if (error instanceof AzureSignInError) return data({ error: error.messageKey }, { status: 400 });
    throw error;
  }
}
