/**
 * Roles and what they may do (spec 01 §6, DESIGN.md "Roles").
 *
 * The role names only; what each role may do is the access policy (policy.ts).
 * Roles can come from an identity provider's role list, i.e. from outside our
 * control: anything not listed here is no role (fail closed).
 */

export const ROLES = ["client", "user", "keyuser", "keysuperuser", "admin", "superadmin"] as const;
export type Role = (typeof ROLES)[number];

/** A role, something carrying one (a user), or nothing / anything unchecked. */
export type RoleInput = string | { role?: string | null } | null | undefined;

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** The role in a RoleInput if it is a known role; null otherwise. */
export function roleOf(input: RoleInput): Role | null {
  const value = typeof input === "object" && input !== null ? input.role : input;
  return isRole(value) ? value : null;
}

/**
 * i18n keys for role chips. Texts (de): superadmin "Superadmin",
 * keysuperuser "Admin" (the spec's label), keyuser "Keynutzer", user "Nutzer", client "Kunde",
 * admin "Katalog-Admin" (the spec gives it no label of its own; issue 32 §7: every role its own name).
 */
export const ROLE_LABEL_KEYS: Readonly<{ [R in Role]: `roles.${R}` }> = {
  client: "roles.client",
  user: "roles.user",
  keyuser: "roles.keyuser",
  keysuperuser: "roles.keysuperuser",
  admin: "roles.admin",
  superadmin: "roles.superadmin",
};
