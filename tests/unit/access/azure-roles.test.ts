import { describe, expect, it } from "vitest";
import { DEFAULT_AZURE_ROLE_MAP, parseAzureRoleMap, roleFromAppRoles } from "~/modules/access/azure-roles";

describe("roles from Entra ID app roles", () => {
  it("maps the default app roles and picks the most privileged of several", () => {
    expect(roleFromAppRoles(["ServiceHub.KeyUser"], DEFAULT_AZURE_ROLE_MAP)).toBe("keyuser");
    expect(roleFromAppRoles(["ServiceHub.User", "ServiceHub.Admin"], DEFAULT_AZURE_ROLE_MAP)).toBe("keysuperuser");
    expect(roleFromAppRoles(["servicehub.superadmin"], DEFAULT_AZURE_ROLE_MAP)).toBe("superadmin");
  });

  it("gives client — reading only — for no, unknown or malformed roles", () => {
    expect(roleFromAppRoles(undefined, DEFAULT_AZURE_ROLE_MAP)).toBe("client");
    expect(roleFromAppRoles([], DEFAULT_AZURE_ROLE_MAP)).toBe("client");
    expect(roleFromAppRoles(["Global.Administrator", 42, null], DEFAULT_AZURE_ROLE_MAP)).toBe("client");
  });

  it("reads a configured table and refuses a typo instead of demoting everyone", () => {
    const map = parseAzureRoleMap("Katalog.Pflege = keyuser, Katalog.Chef=superadmin");
    expect(map).toEqual({ "Katalog.Pflege": "keyuser", "Katalog.Chef": "superadmin" });
    expect(roleFromAppRoles(["Katalog.Pflege"], map)).toBe("keyuser");
    // The default names mean nothing once a table is configured.
    expect(roleFromAppRoles(["ServiceHub.Admin"], map)).toBe("client");
    expect(parseAzureRoleMap("")).toEqual(DEFAULT_AZURE_ROLE_MAP);
    expect(() => parseAzureRoleMap("Katalog.Chef=boss")).toThrow(/AZURE_ROLE_MAP/);
    expect(() => parseAzureRoleMap("nonsense")).toThrow(/AZURE_ROLE_MAP/);
  });
});
