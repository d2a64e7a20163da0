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

/** A refused sign-in; `messageKey` is an i18n key the error page shows. */
export class AzureSignInError extends Error {
  constructor(readonly messageKey: string, cause?: unknown) {
    super(messageKey, { cause });
  }
}

/** A sign-in with Microsoft: a user for the session, or an existing local account to be linked first. */
export type AzureSignIn = { kind: "signed-in"; user: SessionUser } | { kind: "link-needed"; userId: number; identity: AzureIdentity };

/**
 * Signs an Entra ID identity in (issue 14 §2, issue 31 item 5, decision 0047): the account
 * linked to its object id *and* tenant id; else, when no account has its e-mail, a new one. An
 * existing account with that e-mail is never taken on the e-mail's word — a tenant's admin can set
 * the claim to anything — so the answer is "link-needed": its owner proves the local password once
 * (linkAzureIdentity). The role follows the identity provider's app roles at every sign-in.
 */
export async function signInAzureIdentity(db: Executor, identity: AzureIdentity, roleMap: Readonly<Record<string, Role>>): Promise<AzureSignIn> {
  return inTransaction(db, async (trx) => {
    const link = await trx.selectFrom("authenticated_users").select(["id", "user_id", "tenant_id"]).where("azure_id", "=", identity.azureId).executeTakeFirst();
    // Links made before the tenant was kept have none; they take the first tenant seen with their object id.
    if (link && link.tenant_id !== null && link.tenant_id !== identity.tenantId) throw new AzureSignInError("auth.sso.otherTenant");
    if (link) return { kind: "signed-in", user: await completeSignIn(trx, identity, roleMap, { userId: link.user_id, linkId: link.id, created: false }) };
    const byEmail = await findUserByEmail(trx, identity.email);
    if (byEmail) return { kind: "link-needed", userId: byEmail.id, identity };
    const mapped = roleFromAppRoles(identity.appRoles, roleMap);
    const email = normaliseEmail(identity.email);
    const now = nowIso();
    // Nobody signs in locally with this account: a random password nobody knows, never an empty one.
    const inserted = await trx
      .insertInto("users")
      .values({ name: identity.name, email, password_hash: await hashPassword(crypto.randomBytes(32).toString("base64url")), role: mapped, azure_user: 1, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordActivity(trx, { subjectType: "user", subjectId: inserted.id, event: "created", newValues: { name: identity.name, email, role: mapped, azure_user: true }, description: identity.name });
    return { kind: "signed-in", user: await completeSignIn(trx, identity, roleMap, { userId: inserted.id, linkId: null, created: true }) };
  });
}

/**
 * Links an existing account to the identity after its owner proved the local password (the
 * caller checked it), and signs in. Refused when the object id was linked elsewhere meanwhile.
 */
export async function linkAzureIdentity(db: Executor, identity: AzureIdentity, roleMap: Readonly<Record<string, Role>>, userId: number): Promise<SessionUser> {
  return inTransaction(db, async (trx) => {
    const taken = await trx.selectFrom("authenticated_users").select("id").where("azure_id", "=", identity.azureId).executeTakeFirst();
    if (taken) throw new AzureSignInError("auth.sso.stateInvalid");
    return completeSignIn(trx, identity, roleMap, { userId, linkId: null, created: false });
  });
}

/** Role from the app roles, the link's record and the activities; the user for the session. */
async function completeSignIn(trx: Executor, identity: AzureIdentity, roleMap: Readonly<Record<string, Role>>, at: { userId: number; linkId: number | null; created: boolean }): Promise<SessionUser> {
  const { userId, linkId, created } = at;
  const mapped = roleFromAppRoles(identity.appRoles, roleMap);
  const email = normaliseEmail(identity.email);
  const now = nowIso();
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
    tenant_id: identity.tenantId,
    email,
    name: identity.name,
    azure_groups: JSON.stringify(identity.groups),
    azure_roles: JSON.stringify(identity.appRoles.map((roleValue) => ({ roleValue }))),
    last_login: now,
    additional_data: JSON.stringify({ tenant_id: identity.tenantId, azure_user: true }),
    updated_at: now,
  };
  if (linkId !== null) await trx.updateTable("authenticated_users").set(record).where("id", "=", linkId).execute();
  else {
    await trx.insertInto("authenticated_users").values({ ...record, azure_id: identity.azureId, created_at: now }).execute();
    if (!created) {
      await recordActivity(trx, { subjectType: "user", subjectId: userId, event: "sso_linked", newValues: { email, azure_id: identity.azureId, tenant_id: identity.tenantId, proof: "password" }, description: before.name });
    }
  }
  const user = await trx.selectFrom("users").select(["id", "name", "email", "role", "azure_user", "word_export"]).where("id", "=", userId).executeTakeFirstOrThrow();
  return toSessionUser(user);
}
