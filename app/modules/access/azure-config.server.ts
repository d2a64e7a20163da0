import { parseAzureRoleMap } from "./azure-roles";
import type { Role } from "./roles";

/**
 * Azure mode (issue 14, spec 01 §1): on when the four AZURE_* settings are present. The
 * authority defaults to the tenant's Entra ID endpoint; AZURE_AUTHORITY points it at another
 * OpenID Connect issuer (a sovereign cloud, or the local test server), found by discovery.
 */
export interface AzureConfig {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  authority: string;
  roleMap: Record<string, Role>;
}

let cached: { key: string; config: AzureConfig | null } | undefined;

export function azureConfig(): AzureConfig | null {
  const { AZURE_TENANT_ID, AZURE_CLIENT_ID, AZURE_CLIENT_SECRET, AZURE_REDIRECT_URI, AZURE_AUTHORITY, AZURE_ROLE_MAP } = process.env;
  const key = [AZURE_TENANT_ID, AZURE_CLIENT_ID, AZURE_CLIENT_SECRET, AZURE_REDIRECT_URI, AZURE_AUTHORITY, AZURE_ROLE_MAP].join("\n");
  if (cached?.key === key) return cached.config;
  let config: AzureConfig | null = null;
  if (AZURE_TENANT_ID && AZURE_CLIENT_ID && AZURE_CLIENT_SECRET && AZURE_REDIRECT_URI) {
    config = {
      tenantId: AZURE_TENANT_ID,
      clientId: AZURE_CLIENT_ID,
      clientSecret: AZURE_CLIENT_SECRET,
      redirectUri: new URL(AZURE_REDIRECT_URI).toString(),
      authority: (AZURE_AUTHORITY || `https://login.microsoftonline.com/${encodeURIComponent(AZURE_TENANT_ID)}/v2.0`).replace(/\/+$/, ""),
      roleMap: parseAzureRoleMap(AZURE_ROLE_MAP),
    };
  }
  cached = { key, config };
  return config;
}

/** The spec's mode check: is single sign-on configured? */
export function azureMode(): boolean {
  return azureConfig() !== null;
}

/** "Change password" exists only for local accounts outside Azure mode (spec 01 §2, §6). */
export function mayChangePassword(user: { azureUser: boolean }): boolean {
  return !azureMode() && !user.azureUser;
}
