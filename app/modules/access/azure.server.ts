import crypto from "node:crypto";
import { decodeIdToken } from "arctic";
import { MicrosoftStrategy } from "remix-auth-microsoft";
import { OAuth2RequestError } from "remix-auth-oauth2";
import { getDb } from "~/server/db/db.server";
import { isSecureRequest } from "~/server/cookies.server";
import { sessionSecrets } from "~/server/env.server";
import { AzureSignInError, signInAzureIdentity, type AzureIdentity, type AzureSignIn } from "./azure-account.server";
import { azureConfig, type AzureConfig } from "./azure-config.server";
import { refusal } from "~/server/refusal.server";

/**
 * The Entra ID sign-in flow (issue 14): remix-auth-microsoft's strategy, pointed at the
 * endpoints the authority publishes (discovery), with PKCE and state from remix-auth-oauth2, a
 * nonce bound to the state, and the user read from the ID token (no Graph call). The token comes
 * straight from the token endpoint over the back channel, so issuer, audience, expiry and nonce
 * are checked (OpenID Connect Core 3.1.3.7); the TLS connection stands for the signature.
 */

export { AzureSignInError };

export const OAUTH_COOKIE = "sh_oauth";

interface Endpoints {
  issuer: string;
  authorization: string;
  token: string;
  endSession: string | null;
}

let discovered: { authority: string; endpoints: Promise<Endpoints> } | undefined;

/** The authority's OpenID configuration, fetched once per process (again after a failure). */
export function azureEndpoints(config: AzureConfig): Promise<Endpoints> {
  if (discovered?.authority === config.authority) return discovered.endpoints;
  const endpoints = (async () => {
    const response = await fetch(`${config.authority}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5000), headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`OpenID configuration: HTTP ${response.status}`);
    const doc = (await response.json()) as Record<string, unknown>;
    const text = (key: string) => (typeof doc[key] === "string" ? (doc[key] as string) : null);
    const [issuer, authorization, token] = [text("issuer"), text("authorization_endpoint"), text("token_endpoint")];
    if (!issuer || !authorization || !token) throw new Error("OpenID configuration lacks issuer or endpoints");
    return { issuer, authorization, token, endSession: text("end_session_endpoint") };
  })();
  discovered = { authority: config.authority, endpoints };
  endpoints.catch(() => {
    if (discovered?.endpoints === endpoints) discovered = undefined;
  });
  return endpoints;
}

/** The nonce is derived from the state, so it needs no storage of its own and cannot be chosen by anyone without the secret. */
function nonceFor(state: string): string {
  return crypto.createHmac("sha256", sessionSecrets()[0]).update(`oidc-nonce:${state}`).digest("base64url");
}

class EntraStrategy extends MicrosoftStrategy<AzureSignIn> {
  constructor(config: AzureConfig, endpoints: Endpoints, request: Request) {
    super(
      { clientId: config.clientId, clientSecret: config.clientSecret, redirectURI: config.redirectUri, tenantId: config.tenantId, prompt: "select_account", scopes: ["openid", "profile", "email"] },
      async ({ request: callback, tokens }) => {
        const state = new URL(callback.url).searchParams.get("state") ?? "";
        const identity = identityFromIdToken(tokens.idToken(), config, endpoints, nonceFor(state));
        return signInAzureIdentity(getDb(), identity, config.roleMap);
      },
    );
    // remix-auth-microsoft names login.microsoftonline.com; these are read at every call.
    this.options.authorizationEndpoint = endpoints.authorization;
    this.options.tokenEndpoint = endpoints.token;
    this.options.cookie = { name: OAUTH_COOKIE, ...(isSecureRequest(request) ? { secure: true as const } : {}), sameSite: "Lax", httpOnly: true, path: "/", maxAge: 600 };
  }

  protected authorizationParams(params: URLSearchParams): URLSearchParams {
    const result = super.authorizationParams(params);
    const state = result.get("state");
    if (state) result.set("nonce", nonceFor(state));
    return result;
  }
}

function claimText(claims: Record<string, unknown>, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = claims[key];
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  return null;
}

function claimList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string").slice(0, 200) : [];
}

export function identityFromIdToken(idToken: string, config: Pick<AzureConfig, "clientId">, endpoints: Pick<Endpoints, "issuer">, expectedNonce: string): AzureIdentity {
  let claims: Record<string, unknown>;
  try {
    claims = decodeIdToken(idToken) as Record<string, unknown>;
  } catch (error) {
    throw new AzureSignInError("auth.sso.failed", error);
  }
  const audience = claims.aud;
  const audienceOk = audience === config.clientId || (Array.isArray(audience) && audience.includes(config.clientId));
  const expiresMs = typeof claims.exp === "number" ? claims.exp * 1000 : 0;
  if (claims.iss !== endpoints.issuer || !audienceOk || expiresMs < Date.now() - 60_000) throw new AzureSignInError("auth.sso.tokenInvalid");
  const nonce = typeof claims.nonce === "string" ? claims.nonce : "";
  if (nonce.length !== expectedNonce.length || !crypto.timingSafeEqual(Buffer.from(nonce), Buffer.from(expectedNonce))) throw new AzureSignInError("auth.sso.stateInvalid");
  const azureId = claimText(claims, "oid", "sub");
  const email = claimText(claims, "email", "preferred_username", "upn");
  if (!azureId || !email || !email.includes("@")) throw new AzureSignInError("auth.sso.noEmail");
  return {
    azureId,
    email,
    name: (claimText(claims, "name") ?? email).slice(0, 120),
    appRoles: claimList(claims.roles),
    groups: claimList(claims.groups),
    tenantId: claimText(claims, "tid"),
  };
}

async function strategyFor(request: Request): Promise<EntraStrategy> {
  const config = azureConfig();
  if (!config) throw refusal(404);
  try {
    return new EntraStrategy(config, await azureEndpoints(config), request);
  } catch (error) {
    throw new AzureSignInError("auth.sso.unreachable", error);
  }
}

/** Start: answers with the redirect to the identity provider (and the state cookie). */
export async function startAzureSignIn(request: Request): Promise<Response> {
  const strategy = await strategyFor(request);
  try {
    await strategy.authenticate(request);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw new AzureSignInError("auth.sso.failed", thrown);
  }
  throw new AzureSignInError("auth.sso.failed");
}

/** Callback: the signed-in user (or the account to link first), or an AzureSignInError naming what went wrong. */
export async function finishAzureSignIn(request: Request): Promise<AzureSignIn> {
  const strategy = await strategyFor(request);
  try {
    return await strategy.authenticate(request);
  } catch (error) {
    if (error instanceof AzureSignInError || error instanceof Response) throw error;
    if (error instanceof OAuth2RequestError) throw new AzureSignInError(error.code === "access_denied" ? "auth.sso.denied" : "auth.sso.failed", error);
    // remix-auth-oauth2: missing or mismatched state cookie, missing code — a replayed or forged callback.
    if (error instanceof ReferenceError || error instanceof RangeError) throw new AzureSignInError("auth.sso.stateInvalid", error);
    throw new AzureSignInError("auth.sso.failed", error);
  }
}

/** Set-Cookie headers that delete the flow's state cookies, so a callback cannot be replayed. */
export function clearOAuthCookies(request: Request): string[] {
  const names = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((part) => part.split("=")[0]?.trim())
    .filter((name): name is string => Boolean(name?.startsWith(OAUTH_COOKIE)));
  return names.map((name) => `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
}

/** Where the browser goes after the local session ended: Entra's front-channel logout, then /login. */
export async function azureLogoutUrl(postLogout: string): Promise<string | null> {
  const config = azureConfig();
  if (!config) return null;
  try {
    const { endSession } = await azureEndpoints(config);
    if (!endSession) return null;
    const url = new URL(endSession);
    url.searchParams.set("post_logout_redirect_uri", postLogout);
    url.searchParams.set("client_id", config.clientId);
    return url.toString();
  } catch {
    return null;
  }
}
