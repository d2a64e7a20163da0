import { describe, expect, it } from "vitest";
import {
  CAPABILITIES,
  PERMISSIONS,
  ROLES,
  ROLE_LABEL_KEYS,
  can,
  canEdit,
  canUseAi,
  canUseBaseData,
  isAdmin,
  isElevated,
  isRole,
  passesAdminGuard,
  roleOf,
  type Capability,
  type Role,
} from "~/modules/access/roles";

/**
 * DESIGN.md "Roles (server-enforced)", transcribed row by row. "user" can edit
 * services only where granted; `can` answers "possibly" (true) for it.
 */
const DESIGN_TABLE: Record<Capability, Record<Role, boolean>> = {
  "catalogue:read": { client: true, user: true, keyuser: true, admin: true, keysuperuser: true, superadmin: true },
  "service:edit": { client: false, user: true, keyuser: true, admin: true, keysuperuser: true, superadmin: true },
  "catalogue:structure": { client: false, user: false, keyuser: true, admin: true, keysuperuser: true, superadmin: true },
  "basedata:read": { client: false, user: false, keyuser: true, admin: true, keysuperuser: true, superadmin: true },
  "basedata:edit": { client: false, user: false, keyuser: true, admin: true, keysuperuser: true, superadmin: true },
  "ai:use": { client: false, user: false, keyuser: true, admin: true, keysuperuser: true, superadmin: true },
  "admin:access": { client: false, user: false, keyuser: false, admin: false, keysuperuser: true, superadmin: true },
};

/** Spec 01 §6 predicates, per role. */
const PREDICATES: Record<Role, Record<string, boolean>> = {
  client: { isAdmin: false, passesAdminGuard: false, canEdit: false, isElevated: false, canUseBaseData: false, canUseAi: false },
  user: { isAdmin: false, passesAdminGuard: false, canEdit: true, isElevated: false, canUseBaseData: false, canUseAi: false },
  keyuser: { isAdmin: false, passesAdminGuard: false, canEdit: true, isElevated: true, canUseBaseData: true, canUseAi: true },
  admin: { isAdmin: true, passesAdminGuard: false, canEdit: true, isElevated: true, canUseBaseData: true, canUseAi: true },
  keysuperuser: { isAdmin: true, passesAdminGuard: true, canEdit: true, isElevated: true, canUseBaseData: true, canUseAi: true },
  superadmin: { isAdmin: true, passesAdminGuard: true, canEdit: true, isElevated: true, canUseBaseData: true, canUseAi: true },
};

const predicateFns = { isAdmin, passesAdminGuard, canEdit, isElevated, canUseBaseData, canUseAi };

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

describe("can — the DESIGN.md role table", () => {
  it("covers every capability and every role", () => {
    expect([...CAPABILITIES].sort()).toEqual(Object.keys(DESIGN_TABLE).sort());
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...ROLES].sort());
  });

  for (const role of ROLES) {
    describe(role, () => {
      for (const capability of CAPABILITIES) {
        const expected = DESIGN_TABLE[capability][role];
        it(`${expected ? "may" : "may not"} ${capability}`, () => {
          expect(can(role, capability)).toBe(expected);
          expect(can({ role }, capability)).toBe(expected);
        });
      }
    });
  }

  it("denies everything to unknown or missing roles", () => {
    for (const capability of CAPABILITIES) {
      for (const input of [null, undefined, "", "root", "Superadmin", { role: "root" }, { role: null }, {}]) {
        expect(can(input, capability)).toBe(false);
      }
    }
  });

  it("does not let an inherited property pose as a role", () => {
    expect(can("constructor", "catalogue:read")).toBe(false);
    expect(can("__proto__", "catalogue:read")).toBe(false);
  });
});

describe("spec 01 §6 predicates", () => {
  for (const role of ROLES) {
    it(`${role}: ${JSON.stringify(PREDICATES[role])}`, () => {
      for (const [name, fn] of Object.entries(predicateFns)) {
        expect({ name, value: fn(role) }).toEqual({ name, value: PREDICATES[role][name] });
        expect({ name, value: fn({ role }) }).toEqual({ name, value: PREDICATES[role][name] });
      }
    });
  }

  it("admin passes isAdmin but NOT the admin guard", () => {
    expect(isAdmin("admin")).toBe(true);
    expect(passesAdminGuard("admin")).toBe(false);
  });

  it("isElevated coincides with catalogue:structure for every role", () => {
    for (const role of ROLES) expect(isElevated(role)).toBe(can(role, "catalogue:structure"));
  });

  it("every predicate denies unknown or missing roles", () => {
    for (const fn of Object.values(predicateFns)) {
      for (const input of [null, undefined, "", "guest", { role: "guest" }, { role: undefined }]) {
        expect(fn(input)).toBe(false);
      }
    }
  });
});

describe("ROLE_LABEL_KEYS", () => {
  it("maps every role to roles.<role>", () => {
    for (const role of ROLES) expect(ROLE_LABEL_KEYS[role]).toBe(`roles.${role}`);
    expect(Object.keys(ROLE_LABEL_KEYS).sort()).toEqual([...ROLES].sort());
  });
});
