import crypto from "node:crypto";
import { nowIso } from "~/lib/time";
import { recordActivity, type Executor } from "~/server/audit.server";
import { inTransaction } from "~/server/db-helpers.server";
import { roleFromAppRoles } from "./azure-roles";
import type { Role } from "./roles";
import { hashPassword } from "./password.server";
import { superadminCount } from "./superadmins.server";
import { findUserByEmail, normaliseEmail, toSessionUser, type SessionUser } from "./user.server";

/** What ServiceHub takes from a verified Entra ID token. */
export interface AzureIdentity {
  /** The object id (`oid`): stable per person and tenant, unlike the e-mail. */
  azureId: string;
  email: string;
  name: string;
  appRoles: string[];
  groups: string[];
  tenantId: string | null;
}

/**
 * Signs an Entra ID identity in (issue 14 §2): the account linked to its object id; else the
 * account with its e-mail, now linked; else a new one. The role follows the identity provider's
 * app roles at every sign-in, and a change is an activity. Returns the user for the session.
 */
export async function signInAzureIdentity(db: Executor, identity: AzureIdentity, roleMap: Readonly<Record<string, Role>>): Promise<SessionUser> {
  const mapped = roleFromAppRoles(identity.appRoles, roleMap);
  const email = normaliseEmail(identity.email);
  const now = nowIso();
  return inTransaction(db, async (trx) => {
    const link = await trx.selectFrom("authenticated_users").select(["id", "user_id"]).where("azure_id", "=", identity.azureId).executeTakeFirst();
    let userId = link?.user_id;
    let created = false;
    if (userId === undefined) {
      const byEmail = await findUserByEmail(trx, email);
      if (byEmail) userId = byEmail.id;
      else {
        // Nobody signs in locally with this account: a random password nobody knows, never an empty one.
        const inserted = await trx
          .insertInto("users")
          .values({ name: identity.name, email, password_hash: await hashPassword(crypto.randomBytes(32).toString("base64url")), role: mapped, azure_user: 1, created_at: now, updated_at: now })
          .returning("id")
          .executeTakeFirstOrThrow();
        userId = inserted.id;
        created = true;
        await recordActivity(trx, { subjectType: "user", subjectId: userId, event: "created", newValues: { name: identity.name, email, role: mapped, azure_user: true }, description: identity.name });
      }
    }
    const before = await trx.selectFrom("users").select(["id", "name", "role", "azure_user"]).where("id", "=", userId).executeTakeFirstOrThrow();
    // A misconfigured role table must not lock the organisation out: the last superadmin keeps the role (decision 0020).
    const keepsSuperadmin = before.role === "superadmin" && mapped !== "superadmin" && (await superadminCount(trx)) <= 1;
    const role = keepsSuperadmin ? "superadmin" : mapped;
    await trx.updateTable("users").set({ role, azure_user: 1, last_login_at: now, updated_at: now }).where("id", "=", userId).execute();
    if (keepsSuperadmin) await recordActivity(trx, { subjectType: "user", subjectId: userId, event: "role_from_idp_refused", newValues: { role: mapped }, description: before.name });
    if (!created && before.role !== role) {
      await recordActivity(trx, { subjectType: "user", subjectId: userId, event: "role_from_idp", oldValues: { role: before.role }, newValues: { role }, description: before.name });
    }
    const record = {
      user_id: userId,
      email,
      name: identity.name,
      azure_groups: JSON.stringify(identity.groups),
      azure_roles: JSON.stringify(identity.appRoles.map((roleValue) => ({ roleValue }))),
      last_login: now,
      additional_data: JSON.stringify({ tenant_id: identity.tenantId, azure_user: true }),
      updated_at: now,
    };
    if (link) await trx.updateTable("authenticated_users").set(record).where("id", "=", link.id).execute();
    else {
      await trx.insertInto("authenticated_users").values({ ...record, azure_id: identity.azureId, created_at: now }).execute();
      if (!created) await recordActivity(trx, { subjectType: "user", subjectId: userId, event: "sso_linked", newValues: { email }, description: before.name });
    }
    const user = await trx.selectFrom("users").select(["id", "name", "email", "role", "azure_user", "word_export"]).where("id", "=", userId).executeTakeFirstOrThrow();
    return toSessionUser(user);
  });
}
