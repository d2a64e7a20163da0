import type { Executor } from "~/server/audit.server";
import { getDb } from "~/server/db/db.server";
import { canEditCategory, canEditService } from "./permissions.server";
import { userHasPermission, type Permission } from "./policy";
import { forbid, requireUser } from "./session.server";
import type { SessionUser } from "./user.server";

/** What a permission is asked for: a grant-scoped permission is checked against these rows. */
export interface PermissionScope {
  serviceId?: number;
  categoryId?: number;
}

/**
 * Whether the signed-in user holds the permission — role, per-user flags and, for
 * `update:service`, the user's grants on the given service or category.
 */
export async function hasPermission(db: Executor, user: SessionUser, permission: Permission, scope: PermissionScope = {}): Promise<boolean> {
  if (!userHasPermission(user, permission)) return false;
  if (permission !== "update:service") return true;
  if (scope.serviceId !== undefined && !(await canEditService(db, user, scope.serviceId))) return false;
  if (scope.categoryId !== undefined && !(await canEditCategory(db, user, scope.categoryId))) return false;
  return true;
}

/**
 * The guard of every loader and action: signed in (else /login), and holding the permission
 * (else a page redirects to /unauthorized and any write answers 403 before anything changes).
 */
export async function requirePermission(request: Request, permission: Permission, scope: PermissionScope = {}): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!(await hasPermission(getDb(), user, permission, scope))) forbid(request);
  return user;
}
