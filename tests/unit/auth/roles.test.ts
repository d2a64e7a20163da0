import { describe, expect, it } from "vitest";
import { ROLES, ROLE_LABEL_KEYS, isRole, roleOf } from "~/modules/access/roles";

/** What a role may do is tested with the access policy (policy.test.ts); here: the role names. */
describe("ROLES and isRole", () => {
  it("lists exactly the six roles", () => {
    expect([...ROLES].sort()).toEqual(["admin", "client", "keysuperuser", "keyuser", "superadmin", "user"]);
  });

  it("accepts every role and nothing else", () => {
    for (const role of ROLES) expect(isRole(role)).toBe(true);
    for (const value of ["", "Admin", "SUPERADMIN", " user", "guest", "roles.admin", null, undefined, 1, {}, ["admin"]]) {
      expect(isRole(value)).toBe(false);
    }
  });

  it("roleOf reads a role or a { role } object", () => {
    expect(roleOf("keyuser")).toBe("keyuser");
    expect(roleOf({ role: "admin" })).toBe("admin");
    expect(roleOf({ role: "nope" })).toBeNull();
    expect(roleOf({ role: null })).toBeNull();
    expect(roleOf({})).toBeNull();
    expect(roleOf(null)).toBeNull();
  });
});

describe("ROLE_LABEL_KEYS", () => {
  it("maps every role to roles.<role>", () => {
    for (const role of ROLES) expect(ROLE_LABEL_KEYS[role]).toBe(`roles.${role}`);
    expect(Object.keys(ROLE_LABEL_KEYS).sort()).toEqual([...ROLES].sort());
  });
});
