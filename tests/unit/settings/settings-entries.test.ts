import { describe, expect, it } from "vitest";
import { entryOfPath, entryToShow, visibleEntries } from "~/modules/settings/entries";

/** Which settings entries a role sees (spec 01 §2, §6) and which one is shown. */
describe("settings entries", () => {
  it("gives admins (superadmin, keysuperuser) every entry, others only Sidebar, T.O.M., password and devices", () => {
    for (const role of ["superadmin", "keysuperuser"]) expect(visibleEntries(role, true)).toContain("contract");
    for (const role of ["admin", "keyuser", "user", "client"]) expect(visibleEntries(role, true)).toEqual(["sidebar", "tom", "password", "sessions", "notifications"]);
  });

  it("hides change password when the account cannot change it (Azure mode, SSO account)", () => {
    expect(visibleEntries("superadmin", false)).not.toContain("password");
    expect(visibleEntries("user", false)).toEqual(["sidebar", "tom", "sessions", "notifications"]);
  });

  it("shows nothing beyond the common entries for an unknown role", () => {
    expect(visibleEntries("hacker", true)).toEqual(["sidebar", "tom", "password", "sessions", "notifications"]);
  });

  it("selects the first visible entry when the wanted one is not visible (the contract for a non-admin)", () => {
    expect(entryToShow("contract", visibleEntries("keyuser", true))).toBe("sidebar");
    expect(entryToShow("contract", visibleEntries("superadmin", true))).toBe("contract");
    expect(entryToShow(null, visibleEntries("user", true))).toBe("sidebar");
    expect(entryToShow("nonsense", visibleEntries("user", true))).toBe("sidebar");
  });

  it("reads the entry from a /settings path", () => {
    expect(entryOfPath("/settings/api-key")).toBe("api-key");
    expect(entryOfPath("/settings/contract")).toBe("contract");
    expect(entryOfPath("/settings")).toBeNull();
    expect(entryOfPath("/settings/unknown")).toBeNull();
  });
});
