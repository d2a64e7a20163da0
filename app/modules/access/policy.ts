/**
 * The one access policy (spec 01 §6, DESIGN.md "Roles"): typed permissions, one role matrix,
 * per-user flags. Client-safe: the server enforces with `requirePermission` (policy.server.ts),
 * the UI hides controls with `userHasPermission` — the same table, so the two cannot drift.
 * Unknown or missing roles get nothing (fail closed): roles may come from an identity provider.
 */
import { ROLES, roleOf, type Role, type RoleInput } from "./roles";

export const PERMISSIONS = [
  /** Dashboard, catalogue browser, service pages. */
  "read:catalogue",
  /**
   * Read a catalogue's working copy whatever its "customers see" setting (issue 35 §6). Without it
   * (the client role) a catalogue that shows customers its latest release is read from that release.
   */
  "read:working-copy",
  /** Edit a service's content. For `user` only where granted (category or service): see policy.server. */
  "update:service",
  /** Create, delete and move areas, categories and services; batch moves; tags inline. */
  "manage:structure",
  "read:basedata",
  "update:basedata",
  /** The AI assistant. */
  "use:ai",
  /** The Word export of a catalogue; also needs the user's word-export flag. */
  "export:word",
  /** The spec's admin guard: bin, admin screens, catalogue frame, factory, contract, admin settings. */
  "access:admin",
  /** User management: accounts, roles, grants, flags. */
  "manage:users",
  /** Share a saved view of the catalogue browser with everyone (saving one for oneself needs only read:catalogue). */
  "share:views",
  /** Rename and delete other users' shared views. */
  "manage:views",
  /** Organisation-wide switches only a superadmin flips: the export licence, password sign-in in Azure mode, the T.O.M. document. */
  "manage:organisation",
  /** Publish a release of a catalogue, withdraw and re-instate one (issue 35). */
  "publish:release",
  /** Delete a withdrawn release for good. */
  "delete:release",
  /** Make and revoke share links of a release for people without an account. */
  "share:release",
] as const;

export type Permission = (typeof PERMISSIONS)[number];

const READER: readonly Permission[] = ["read:catalogue", "export:word"];
const EDITOR: readonly Permission[] = [...READER, "read:working-copy", "update:service"];
const KEYUSER: readonly Permission[] = [...EDITOR, "manage:structure", "read:basedata", "update:basedata", "use:ai", "share:views"];
const ADMIN_GUARD: readonly Permission[] = [...KEYUSER, "access:admin", "manage:users", "manage:views", "publish:release", "share:release"];

/** The role matrix: one entry per role. Plain `admin` does not pass the admin guard (spec 01 §2 "Guards"). */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  client: READER,
  user: EDITOR,
  keyuser: KEYUSER,
  admin: KEYUSER,
  keysuperuser: ADMIN_GUARD,
  superadmin: [...ADMIN_GUARD, "manage:organisation", "delete:release"],
};

/** Per-user flags a permission needs on top of the role (set in user management). */
export interface UserFlags {
  wordExport?: boolean;
}

const FLAG_REQUIRED: Partial<Record<Permission, keyof UserFlags>> = {
  "export:word": "wordExport",
};

/** Whether the role allows the permission (flags and grants aside); false for unknown roles. */
export function roleHasPermission(input: RoleInput, permission: Permission): boolean {
  const role = roleOf(input);
  return role !== null && ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * For showing or hiding controls: role and flags. For `update:service` a `user` gets true
 * ("possibly"): whether a grant covers this service is decided on the server.
 */
export function userHasPermission(user: ({ role?: string | null } & UserFlags) | null | undefined, permission: Permission): boolean {
  if (!user || !roleHasPermission(user, permission)) return false;
  const flag = FLAG_REQUIRED[permission];
  return flag ? user[flag] === true : true;
}

/** The spec's broad "admin check" (spec 01 §6): admin, superadmin, keysuperuser. Not a guard. */
export function isAdmin(input: RoleInput): boolean {
  const role = roleOf(input);
  return role === "admin" || role === "superadmin" || role === "keysuperuser";
}

/** "An elevated user is neither user nor client" (spec 01 §6). */
export function isElevated(input: RoleInput): boolean {
  const role = roleOf(input);
  return role !== null && role !== "user" && role !== "client";
}

/** How far each role reaches, for "nobody assigns a role above their own". */
const ROLE_RANK: Readonly<Record<Role, number>> = { client: 0, user: 1, keyuser: 2, admin: 3, keysuperuser: 4, superadmin: 5 };

/**
 * Whether the actor may create, edit, delete, invite or change the grants and flags of an account
 * with this role — and so whether it may give an account this role (issue 31 §1). Only a
 * superadmin touches a superadmin account or the superadmin role; nobody an account above their
 * own role. An account with an unknown role is a superadmin's to mend.
 */
export function mayManageAccount(actor: RoleInput, account: RoleInput): boolean {
  const own = roleOf(actor);
  if (own === null || !roleHasPermission(own, "manage:users")) return false;
  const role = roleOf(account);
  if (role === null || role === "superadmin") return own === "superadmin";
  return ROLE_RANK[role] <= ROLE_RANK[own];
}

/** The roles the actor may give an account: the role picker offers only these. */
export function assignableRoles(actor: RoleInput): Role[] {
  return ROLES.filter((role) => mayManageAccount(actor, role));
}

/**
 * The role picker's options, highest role first: the roles the actor may give (`assignableRoles`,
 * from the loader) and the role the field holds now, so a role the actor may not give still shows as it is.
 */
export function roleChoices(assignable: readonly Role[], current: string): Role[] {
  return [...ROLES].reverse().filter((role) => assignable.includes(role) || role === current);
}

/**
 * Where an account of this role edits services (the grants page says it): everywhere, only where
 * granted (`update:service` without `manage:structure`: the `user` role; permissions.server.ts
 * decides the same way), or nowhere. Unknown roles: nowhere.
 */
export function serviceEditReach(input: RoleInput): "all" | "granted" | "none" {
  if (!roleHasPermission(input, "update:service")) return "none";
  return roleHasPermission(input, "manage:structure") ? "all" : "granted";
}

/** Whether the actor may move an account from one role to another (both ends must be theirs to give). */
export function mayChangeRole(actor: RoleInput, from: RoleInput, to: RoleInput): boolean {
  return mayManageAccount(actor, from) && mayManageAccount(actor, to);
}
