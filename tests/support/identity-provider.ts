import { OAuth2Server } from "oauth2-mock-server";

/**
 * A real OpenID Connect server on a free loopback port (oauth2-mock-server: discovery, PKCE,
 * signed RS256 tokens, front-channel logout) standing in for Entra ID. `signInAs` chooses the
 * person and app roles the next ID token carries — what the tenant's admin would configure.
 */
export interface EntraPerson {
  oid: string;
  email: string;
  name: string;
  roles?: string[];
}

export interface IdentityProvider {
  url: string;
  signInAs: (person: EntraPerson) => void;
  stop: () => Promise<void>;
}

export const TEST_TENANT = "servicehub-test-tenant";
export const TEST_CLIENT_ID = "servicehub-test-client";

export async function startIdentityProvider(): Promise<IdentityProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  const url = `http://127.0.0.1:${server.address().port}`;
  // The issuer names the address the app discovers it under, as Entra's does.
  server.issuer.url = url;
  let person: EntraPerson | null = null;
  server.service.on("beforeTokenSigning", (token) => {
    if (!person) return;
    Object.assign(token.payload, { sub: person.oid, oid: person.oid, tid: TEST_TENANT, email: person.email, preferred_username: person.email, name: person.name, roles: person.roles ?? [] });
  });
  return {
    url,
    signInAs: (next) => {
      person = next;
    },
    stop: () => server.stop(),
  };
}

/** The app's settings for Azure mode against this provider. */
export function azureEnv(provider: IdentityProvider, appBaseUrl: string): Record<string, string> {
  return {
    AZURE_TENANT_ID: TEST_TENANT,
    AZURE_CLIENT_ID: TEST_CLIENT_ID,
    AZURE_CLIENT_SECRET: "test-client-secret",
    AZURE_REDIRECT_URI: `${appBaseUrl}/auth/azure/callback`,
    AZURE_AUTHORITY: provider.url,
  };
}
