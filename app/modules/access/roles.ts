/**
 * Roles and what they may do (spec 01 §6, DESIGN.md "Roles").
 *
 * Pure and client-safe: the server uses these to enforce access, the UI uses
 * the very same functions to decide what to show — so the two cannot drift.
 * Unknown or missing roles are denied everything (fail closed); roles can come
 * from an identity provider's role list, i.e. from outside our control.
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

export type Capability =
  | "catalogue:read"
  | "service:edit"
  | "catalogue:structure"
  | "basedata:read"
  | "basedata:edit"
  | "ai:use"
  | "admin:access";

export const CAPABILITIES: readonly Capability[] = [
  "catalogue:read",
  "service:edit",
  "catalogue:structure",
  "basedata:read",
  "basedata:edit",
  "ai:use",
  "admin:access",
];

const KEYUSER_AND_ABOVE: readonly Capability[] = [
  "catalogue:read",
  "service:edit",
  "catalogue:structure",
  "basedata:read",
  "basedata:edit",
  "ai:use",
];

/**
 * The single source of truth: DESIGN.md's role table, one entry per role.
 *
 * - "catalogue:read"      read dashboard and catalogue
 * - "service:edit"        edit services. For `user` this means *possibly*:
 *                         only in categories/services granted to that user.
 *                         `can()` says yes; the per-grant check is a separate,
 *                         server-side step (requireServiceEdit) and must follow.
 * - "catalogue:structure" create/delete areas, categories, services
 * - "basedata:read/edit"  base data
 * - "ai:use"              AI assistant
 * - "admin:access"        admin screens, factory, bin, catalogue frame,
 *                         contract, admin settings (the spec's admin guard)
 */
export const PERMISSIONS: Readonly<Record<Role, readonly Capability[]>> = {
  client: ["catalogue:read"],
  user: ["catalogue:read", "service:edit"],
  keyuser: KEYUSER_AND_ABOVE,
  admin: KEYUSER_AND_ABOVE,
  keysuperuser: [...KEYUSER_AND_ABOVE, "admin:access"],
  superadmin: [...KEYUSER_AND_ABOVE, "admin:access"],
};

/** Whether the role may use a capability; false for unknown or missing roles. */
export function can(input: RoleInput, capability: Capability): boolean {
  const role = roleOf(input);
  return role !== null && PERMISSIONS[role].includes(capability);
}

/**
 * The spec's broad "admin check" (spec 01 §6): admin, superadmin, keysuperuser.
 * Not a capability — note that plain `admin` does NOT pass the admin guard.
 */
export function isAdmin(input: RoleInput): boolean {
  const role = roleOf(input);
  return role === "admin" || role === "superadmin" || role === "keysuperuser";
}

/** The admin-only page guard: superadmin or keysuperuser only (spec 01 §2 "Guards"). */
export function passesAdminGuard(input: RoleInput): boolean {
  return can(input, "admin:access");
}

/** Editing is allowed unless the role is client (spec 01 §6); for `user` subject to grants. */
export function canEdit(input: RoleInput): boolean {
  return can(input, "service:edit");
}

/**
 * "An elevated user is neither user nor client" (spec 01 §6). Kept as the
 * spec words it, rather than as a capability; for known roles it coincides
 * with "catalogue:structure" (asserted in the tests).
 */
export function isElevated(input: RoleInput): boolean {
  const role = roleOf(input);
  return role !== null && role !== "user" && role !== "client";
}

/**
 * Base data access. Spec 01 §6's menu names superadmin, keysuperuser and
 * keyuser; DESIGN.md's table also grants `admin`. We follow DESIGN.md (the
 * server-enforced table): an `admin` passes `isAdmin`, so denying them base
 * data that a keyuser has would be inconsistent.
 */
export function canUseBaseData(input: RoleInput): boolean {
  return can(input, "basedata:read");
}

/** AI assistant: keyuser and above, including admin. */
export function canUseAi(input: RoleInput): boolean {
  return can(input, "ai:use");
}

/**
 * i18n keys for role chips. Texts (de): superadmin "Superadmin",
 * keysuperuser "Admin", keyuser "Keynutzer", user "Nutzer", client "Kunde",
 * admin "Admin".
 */
export const ROLE_LABEL_KEYS: Readonly<{ [R in Role]: `roles.${R}` }> = {
  client: "roles.client",
  user: "roles.user",
  keyuser: "roles.keyuser",
  keysuperuser: "roles.keysuperuser",
  admin: "roles.admin",
  superadmin: "roles.superadmin",
};
