import { isRole, type Role } from "./roles";

/**
 * Roles from the identity provider (issue 14, spec 01 §6): the ID token's app roles (`roles`
 * claim, e.g. "ServiceHub.Admin") map to our roles through a configurable table. Several app
 * roles give the most privileged mapped one; none or only unknown ones give `client`, the role
 * that reads and changes nothing (fail closed).
 */
export const DEFAULT_AZURE_ROLE_MAP: Readonly<Record<string, Role>> = {
  "ServiceHub.SuperAdmin": "superadmin",
  "ServiceHub.Admin": "keysuperuser",
  "ServiceHub.KeyUser": "keyuser",
  "ServiceHub.User": "user",
  "ServiceHub.Client": "client",
};

/** Most privileged first. */
const PRIVILEGE: readonly Role[] = ["superadmin", "keysuperuser", "admin", "keyuser", "user", "client"];

/**
 * Reads `AZURE_ROLE_MAP` ("AppRole=role,AppRole=role"; app-role names compared case-insensitively).
 * Empty means the default table. An entry naming no known role is an error, so a typo in the
 * configuration stops the server instead of silently demoting everyone.
 */
export function parseAzureRoleMap(raw: string | undefined): Record<string, Role> {
  if (!raw?.trim()) return { ...DEFAULT_AZURE_ROLE_MAP };
  const map: Record<string, Role> = {};
  for (const entry of raw.split(/[,;\n]/).map((e) => e.trim()).filter(Boolean)) {
    const [appRole, role] = entry.split("=").map((p) => p?.trim());
    if (!appRole || !isRole(role)) throw new Error(`AZURE_ROLE_MAP: "${entry}" is not "AppRole=role" with a role of ${PRIVILEGE.join(", ")}`);
    map[appRole] = role;
  }
  return map;
}

export function roleFromAppRoles(appRoles: readonly unknown[] | undefined, map: Readonly<Record<string, Role>>): Role {
  const lowered = new Map(Object.entries(map).map(([appRole, role]) => [appRole.toLowerCase(), role]));
  const mapped = new Set<Role>();
  for (const value of appRoles ?? []) {
    const role = typeof value === "string" ? lowered.get(value.trim().toLowerCase()) : undefined;
    if (role) mapped.add(role);
  }
  return PRIVILEGE.find((role) => mapped.has(role)) ?? "client";
}
