import { describe, expect, it } from "vitest";
import de from "~/i18n/locales/de";
import en from "~/i18n/locales/en";
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

describe("role names (issue 32 §7)", () => {
  it("every role has a name of its own in each language, keysuperuser the spec's \"Admin\"", () => {
    for (const [language, resources] of [["de", de], ["en", en]] as const) {
      const names = ROLES.map((role) => resources.roles[role]);
      expect(new Set(names).size, `${language}: ${names.join(", ")}`).toBe(ROLES.length);
      expect(resources.roles.keysuperuser).toBe("Admin");
    }
  });
});
