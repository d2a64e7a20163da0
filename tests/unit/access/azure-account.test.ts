import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { linkAzureIdentity, signInAzureIdentity as signInOrLink, type AzureIdentity } from "~/modules/access/azure-account.server";
import { AzureSignInError, identityFromIdToken } from "~/modules/access/azure.server";
import { DEFAULT_AZURE_ROLE_MAP } from "~/modules/access/azure-roles";
import { listActivitiesFor } from "~/server/audit.server";
import { factories, unique } from "../../factories";
import { rejection } from "../../support/rejection";
import { useTestDb } from "../../support/test-db";

/** Single sign-on accounts (issue 14): linking, roles from the identity provider, no lock-out. */
const t = useTestDb();
const make = factories(() => t.db);

const identity = (over: Partial<AzureIdentity> = {}): AzureIdentity => {
  const id = unique().trim();
  return { azureId: `oid-${id}`, email: `${id}@contoso.example`, name: `Person ${id}`, appRoles: ["ServiceHub.KeyUser"], groups: ["g1"], tenantId: "tenant", ...over };
};

/** The user a sign-in gives; fails when it asks for the local password instead. */
async function signInAzureIdentity(...args: Parameters<typeof signInOrLink>) {
  const result = await signInOrLink(...args);
  if (result.kind !== "signed-in") throw new Error(`expected a sign-in, got ${result.kind}`);
  return result.user;
}

describe("signInAzureIdentity", () => {
  it("creates the account at the first sign-in and finds it by object id afterwards, even with a new e-mail", async () => {
    const who = identity();
    const first = await signInAzureIdentity(t.db, who, DEFAULT_AZURE_ROLE_MAP);
    expect(first).toMatchObject({ email: who.email, role: "keyuser", azureUser: true });
    const renamed = await signInAzureIdentity(t.db, { ...who, email: `new-${who.email}` }, DEFAULT_AZURE_ROLE_MAP);
    expect(renamed.id).toBe(first.id);
    const links = await t.db.selectFrom("authenticated_users").selectAll().where("user_id", "=", first.id).execute();
    expect(links).toHaveLength(1);
    expect(JSON.parse(links[0].azure_groups!)).toEqual(["g1"]);
  });

  it("does not give a local account to a token that only shares its e-mail; the local password links it once", async () => {
    const local = await make.user("user");
    const stranger = identity({ email: local.email.toUpperCase(), appRoles: ["ServiceHub.Admin"] });
    expect(await signInOrLink(t.db, stranger, DEFAULT_AZURE_ROLE_MAP)).toEqual({ kind: "link-needed", userId: local.id, identity: stranger });
    expect(await t.db.selectFrom("authenticated_users").select("id").where("user_id", "=", local.id).execute()).toEqual([]);
    expect((await t.db.selectFrom("users").select(["role", "azure_user"]).where("id", "=", local.id).executeTakeFirstOrThrow())).toEqual({ role: "user", azure_user: 0 });
    // After the password was proven (the link page checks it): linked by object id and tenant, with the role the identity provider gives.
    const user = await linkAzureIdentity(t.db, stranger, DEFAULT_AZURE_ROLE_MAP, local.id);
    expect(user).toMatchObject({ id: local.id, role: "keysuperuser", azureUser: true });
    const link = await t.db.selectFrom("authenticated_users").select(["azure_id", "tenant_id"]).where("user_id", "=", local.id).executeTakeFirstOrThrow();
    expect(link).toEqual({ azure_id: stranger.azureId, tenant_id: "tenant" });
    const events = (await listActivitiesFor(t.db, "user", local.id)).map((a) => a.event);
    expect(events).toEqual(expect.arrayContaining(["role_from_idp", "sso_linked"]));
    expect((await signInAzureIdentity(t.db, stranger, DEFAULT_AZURE_ROLE_MAP)).id).toBe(local.id);
  });

  it("finds a linked account by object id and tenant: the same object id from another tenant is refused", async () => {
    const who = identity();
    const first = await signInAzureIdentity(t.db, who, DEFAULT_AZURE_ROLE_MAP);
    const error = await rejection(signInOrLink(t.db, { ...who, tenantId: "another-tenant" }, DEFAULT_AZURE_ROLE_MAP));
    expect((error as AzureSignInError).messageKey).toBe("auth.sso.otherTenant");
    // Another person of the same tenant with this account's e-mail does not get it either.
    expect((await signInOrLink(t.db, identity({ email: who.email }), DEFAULT_AZURE_ROLE_MAP)).kind).toBe("link-needed");
    expect((await t.db.selectFrom("authenticated_users").select("user_id").where("user_id", "=", first.id).execute()).length).toBe(1);
  });

  it("never demotes the last superadmin, whatever the role table says", async () => {
    const keep = await make.user("superadmin");
    await t.db.updateTable("users").set({ role: "keysuperuser" }).where("role", "=", "superadmin").where("id", "!=", keep.id).execute();
    const keeper = identity({ email: keep.email, appRoles: [] });
    const user = await linkAzureIdentity(t.db, keeper, DEFAULT_AZURE_ROLE_MAP, keep.id);
    expect(user.role).toBe("superadmin");
    expect((await listActivitiesFor(t.db, "user", keep.id)).map((a) => a.event)).toContain("role_from_idp_refused");
    // With a second superadmin the identity provider's word counts.
    await make.user("superadmin");
    expect((await signInAzureIdentity(t.db, keeper, DEFAULT_AZURE_ROLE_MAP)).role).toBe("client");
  });
});

describe("identityFromIdToken", () => {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
  const token = (claims: Record<string, unknown>) => `${b64({ alg: "RS256" })}.${b64(claims)}.${crypto.randomBytes(16).toString("base64url")}`;
  const good = { iss: "https://idp.example/t/v2.0", aud: "client", exp: Math.floor(Date.now() / 1000) + 600, nonce: "n-1", oid: "o-1", email: "a@b.example", name: "A", roles: ["ServiceHub.User"] };
  const read = (claims: Record<string, unknown>, nonce = "n-1") => identityFromIdToken(token(claims), { clientId: "client" }, { issuer: good.iss }, nonce);

  it("reads object id, e-mail, name and app roles", () => {
    expect(read(good)).toMatchObject({ azureId: "o-1", email: "a@b.example", name: "A", appRoles: ["ServiceHub.User"] });
    expect(read({ ...good, email: undefined, preferred_username: "p@b.example" }).email).toBe("p@b.example");
  });

  it("refuses a token for another issuer or client, an expired one, a wrong nonce, or one without e-mail", async () => {
    for (const [claims, nonce, key] of [
      [{ ...good, iss: "https://evil.example" }, "n-1", "auth.sso.tokenInvalid"],
      [{ ...good, aud: "other" }, "n-1", "auth.sso.tokenInvalid"],
      [{ ...good, exp: Math.floor(Date.now() / 1000) - 3600 }, "n-1", "auth.sso.tokenInvalid"],
      [good, "n-2", "auth.sso.stateInvalid"],
      [{ ...good, nonce: undefined }, "n-1", "auth.sso.stateInvalid"],
      [{ ...good, email: undefined }, "n-1", "auth.sso.noEmail"],
    ] as const) {
      const error = await rejection(Promise.resolve().then(() => read(claims as Record<string, unknown>, nonce)));
      expect(error).toBeInstanceOf(AzureSignInError);
      expect((error as AzureSignInError).messageKey).toBe(key);
    }
  });
});
