import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAzureIdentity, type AzureIdentity } from "~/modules/access/azure-account.server";
import { AzureSignInError, identityFromIdToken } from "~/modules/access/azure.server";
import { DEFAULT_AZURE_ROLE_MAP } from "~/modules/access/azure-roles";
import { listActivitiesFor } from "~/server/audit.server";
import { factories, unique } from "../../factories";
import { rejection } from "../../support/rejection";
import { createTestDb, type TestDb } from "../../support/test-db";

/** Single sign-on accounts (issue 14): linking, roles from the identity provider, no lock-out. */
let t: TestDb;
const make = factories(() => t.db);
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.cleanup();
});

const identity = (over: Partial<AzureIdentity> = {}): AzureIdentity => {
  const id = unique().trim();
  return { azureId: `oid-${id}`, email: `${id}@contoso.example`, name: `Person ${id}`, appRoles: ["ServiceHub.KeyUser"], groups: ["g1"], tenantId: "tenant", ...over };
};

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

  it("links a local account with the same e-mail and records the role the identity provider gives", async () => {
    const local = await make.user("user");
    const user = await signInAzureIdentity(t.db, identity({ email: local.email.toUpperCase(), appRoles: ["ServiceHub.Admin"] }), DEFAULT_AZURE_ROLE_MAP);
    expect(user).toMatchObject({ id: local.id, role: "keysuperuser", azureUser: true });
    const events = (await listActivitiesFor(t.db, "user", local.id)).map((a) => a.event);
    expect(events).toEqual(expect.arrayContaining(["role_from_idp", "sso_linked"]));
  });

  it("never demotes the last superadmin, whatever the role table says", async () => {
    const keep = await make.user("superadmin");
    await t.db.updateTable("users").set({ role: "keysuperuser" }).where("role", "=", "superadmin").where("id", "!=", keep.id).execute();
    const user = await signInAzureIdentity(t.db, identity({ email: keep.email, appRoles: [] }), DEFAULT_AZURE_ROLE_MAP);
    expect(user.role).toBe("superadmin");
    expect((await listActivitiesFor(t.db, "user", keep.id)).map((a) => a.event)).toContain("role_from_idp_refused");
    // With a second superadmin the identity provider's word counts.
    await make.user("superadmin");
    expect((await signInAzureIdentity(t.db, identity({ email: keep.email, appRoles: [] }), DEFAULT_AZURE_ROLE_MAP)).role).toBe("client");
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
