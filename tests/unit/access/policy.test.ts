import { describe, expect, it } from "vitest";
import {
  PERMISSIONS,
  ROLE_PERMISSIONS,
  assignableRoles,
  isAdmin,
  mayChangeRole,
  mayManageAccount,
  isElevated,
  roleChoices,
  roleHasPermission,
  serviceEditReach,
  userHasPermission,
  type Permission,
} from "~/modules/access/policy";
import { ROLES, type Role } from "~/modules/access/roles";

/**
 * DESIGN.md "Roles (server-enforced)" and spec 01 §2/§6, transcribed permission by permission.
 * `update:service` for `user` means "possibly" (where granted); `export:word` also needs the flag.
 */
const MATRIX: Record<Permission, Record<Role, boolean>> = {
  "read:catalogue": { client: true, user: true, keyuser: true, admin: true, keysuperuser: true, superadmin: true },
  "read:working-copy": { client: false, user: true, keyuser: true, admin: true, keysuperuser: true, superadmin: true },
  "update:service": { client: false, user: true, keyuser: true, admin: true, keysuperuser: true, superadmin: true },
  "manage:structure": { client: false, user: false, keyuser: true, admin: true, keysuperuser: true, superadmin: true },
  "read:basedata": { client: false, user: false, keyuser: true, admin: true, keysuperuser: true, superadmin: true },
  "update:basedata": { client: false, user: false, keyuser: true, admin: true, keysuperuser: true, superadmin: true },
  "use:ai": { client: false, user: false, keyuser: true, admin: true, keysuperuser: true, superadmin: true },
  "export:word": { client: true, user: true, keyuser: true, admin: true, keysuperuser: true, superadmin: true },
  "access:admin": { client: false, user: false, keyuser: false, admin: false, keysuperuser: true, superadmin: true },
  "manage:users": { client: false, user: false, keyuser: false, admin: false, keysuperuser: true, superadmin: true },
  "share:views": { client: false, user: false, keyuser: true, admin: true, keysuperuser: true, superadmin: true },
  "manage:views": { client: false, user: false, keyuser: false, admin: false, keysuperuser: true, superadmin: true },
  "manage:organisation": { client: false, user: false, keyuser: false, admin: false, keysuperuser: false, superadmin: true },
  "publish:release": { client: false, user: false, keyuser: false, admin: false, keysuperuser: true, superadmin: true },
  "delete:release": { client: false, user: false, keyuser: false, admin: false, keysuperuser: false, superadmin: true },
  "share:release": { client: false, user: false, keyuser: false, admin: false, keysuperuser: true, superadmin: true },
};

describe("the role matrix: every permission × every role", () => {
  it("lists every permission and every role", () => {
    expect([...PERMISSIONS].sort()).toEqual(Object.keys(MATRIX).sort());
    expect(Object.keys(ROLE_PERMISSIONS).sort()).toEqual([...ROLES].sort());
  });

  for (const permission of PERMISSIONS) {
    for (const role of ROLES) {
      const expected = MATRIX[permission][role];
      it(`${role} ${expected ? "holds" : "lacks"} ${permission}`, () => {
        expect(roleHasPermission(role, permission)).toBe(expected);
        // With every flag set, the role alone decides.
        expect(userHasPermission({ role, wordExport: true }, permission)).toBe(expected);
      });
    }
  }

  it("unknown, missing and inherited-property roles hold nothing", () => {
    for (const permission of PERMISSIONS) {
      for (const role of [null, undefined, "", "root", "Superadmin", "constructor", "__proto__"]) {
        expect(roleHasPermission(role, permission)).toBe(false);
        expect(userHasPermission({ role, wordExport: true }, permission)).toBe(false);
      }
      expect(userHasPermission(null, permission)).toBe(false);
    }
  });
});

describe("per-user flags", () => {
  it("export:word needs the user's word-export flag, whatever the role", () => {
    for (const role of ROLES) {
      expect(userHasPermission({ role }, "export:word")).toBe(false);
      expect(userHasPermission({ role, wordExport: false }, "export:word")).toBe(false);
      expect(userHasPermission({ role, wordExport: true }, "export:word")).toBe(true);
    }
  });

  it("the flag grants nothing else", () => {
    for (const permission of PERMISSIONS.filter((p) => p !== "export:word")) {
      expect(userHasPermission({ role: "client", wordExport: true }, permission)).toBe(MATRIX[permission].client);
    }
  });
});

describe("spec 01 §6 predicates", () => {
  it("admin passes the broad admin check but not the admin guard", () => {
    expect(isAdmin("admin")).toBe(true);
    expect(roleHasPermission("admin", "access:admin")).toBe(false);
    expect(ROLES.filter(isAdmin).sort()).toEqual(["admin", "keysuperuser", "superadmin"]);
  });

  it("elevated (neither user nor client) coincides with manage:structure", () => {
    for (const role of ROLES) expect(isElevated(role)).toBe(roleHasPermission(role, "manage:structure"));
    expect(isElevated("guest")).toBe(false);
  });
});

describe("accounts and roles (issue 31 §1)", () => {
  // Transcribed from the rule: only a superadmin touches a superadmin account or gives the role;
  // nobody gives a role above their own; roles without user management give none.
  const GIVES: Record<Role, Role[]> = {
    superadmin: ["client", "user", "keyuser", "keysuperuser", "admin", "superadmin"],
    keysuperuser: ["client", "user", "keyuser", "keysuperuser", "admin"],
    admin: [],
    keyuser: [],
    user: [],
    client: [],
  };

  it("each role gives exactly the roles of the table, and manages exactly those accounts", () => {
    for (const actor of ROLES) {
      expect([...assignableRoles(actor)].sort(), actor).toEqual([...GIVES[actor]].sort());
      for (const target of ROLES) expect(mayManageAccount(actor, target), `${actor} → ${target}`).toBe(GIVES[actor].includes(target));
    }
  });

  it("a keysuperuser can neither promote to nor demote from superadmin, nor touch an unknown role", () => {
    expect(mayChangeRole("keysuperuser", "user", "superadmin")).toBe(false);
    expect(mayChangeRole("keysuperuser", "keysuperuser", "superadmin")).toBe(false);
    expect(mayChangeRole("keysuperuser", "superadmin", "client")).toBe(false);
    expect(mayChangeRole("keysuperuser", "client", "keysuperuser")).toBe(true);
    expect(mayChangeRole("superadmin", "superadmin", "client")).toBe(true);
    expect(mayManageAccount("keysuperuser", "owner")).toBe(false);
    expect(mayManageAccount("superadmin", "owner")).toBe(true);
    expect(mayManageAccount("guest", "client")).toBe(false);
  });
});

describe("what the user screens show, from the policy (issue 33 §2)", () => {
  it("the grants page's scope: a user edits where granted, keyuser and above everywhere, a client or an unknown role nowhere", () => {
    expect(Object.fromEntries(ROLES.map((role) => [role, serviceEditReach(role)]))).toEqual({
      client: "none",
      user: "granted",
      keyuser: "all",
      admin: "all",
      keysuperuser: "all",
      superadmin: "all",
    });
    expect(serviceEditReach({ role: "user" })).toBe("granted");
    expect(serviceEditReach("guest")).toBe("none");
    expect(serviceEditReach(null)).toBe("none");
  });

  it("the role picker offers the roles the actor may give, highest first, plus the field's current role", () => {
    expect(roleChoices(assignableRoles("keysuperuser"), "user")).toEqual(["admin", "keysuperuser", "keyuser", "user", "client"]);
    expect(roleChoices(assignableRoles("superadmin"), "user")).toEqual(["superadmin", "admin", "keysuperuser", "keyuser", "user", "client"]);
    expect(roleChoices(["user"], "admin")).toEqual(["admin", "user"]);
    expect(roleChoices([], "guest")).toEqual([]);
  });
});
