import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/*
 * The floors of app/ (docs/decisions/0061-layers.md): routes → shell → modules → ui → server → lib,
 * each importing only downward, and role names only inside the access module (issue 33 §2, §4).
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function messages(filePath: string, code: string, ruleId: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === ruleId).map((m) => m.message);
}

const imports = (filePath: string, code: string) => messages(filePath, code, "@typescript-eslint/no-restricted-imports");
const syntax = (filePath: string, code: string) => messages(filePath, code, "no-restricted-syntax");

describe("the floors in npm run lint", () => {
  it("app/server imports nothing from the UI, the shell, a domain or a route, not even a type", async () => {
    for (const from of ["~/ui/flash", "../ui/forms", "~/shell/prefs", "~/modules/appearance/app-bar", "../../modules/access/roles", "~/routes/_app"]) {
      expect(await imports("app/server/probe.server.ts", `import type { X } from "${from}";\nexport type Probe = X;\n`), from).toHaveLength(1);
    }
    expect(await imports("app/server/probe.server.ts", 'import { nowIso } from "~/lib/time";\nimport { getDb } from "./db/db.server";\nexport const probe = [nowIso, getDb];\n')).toEqual([]);
  });

  it("app/ui imports nothing from a domain, the shell or a route", async () => {
    for (const from of ["~/modules/access/policy", "../modules/access/roles", "~/shell/navigation", "../shell/prefs", "~/routes/_app"]) {
      const found = await imports("app/ui/Probe.tsx", `import type { X } from "${from}";\nexport type Probe = X;\n`);
      expect(found, from).toHaveLength(1);
      expect(found[0]).toContain("below the domains");
    }
    expect(await imports("app/ui/Probe.tsx", 'import type { Flash } from "~/server/flash.server";\nimport { translateError } from "./forms";\nexport type Probe = Flash | typeof translateError;\n')).toEqual([]);
  });

  it("a domain imports neither the shell nor a route; the shell and the routes import domains", async () => {
    expect(await imports("app/modules/settings/ui/Probe.tsx", 'import { NAV_ICONS } from "~/shell/icons";\nexport const probe = NAV_ICONS;\n')).toHaveLength(1);
    expect(await imports("app/modules/settings/probe.server.ts", 'import { appLayoutLoader } from "~/shell/layout.server";\nexport const probe = appLayoutLoader;\n')).toHaveLength(1);
    expect(await imports("app/shell/Probe.tsx", 'import { SupportButton } from "~/modules/support/ui/SupportButton";\nexport const probe = SupportButton;\n')).toEqual([]);
    expect(await imports("app/routes/_app.probe.tsx", 'import { AppLayout } from "~/shell/AppLayout";\nexport default AppLayout;\n')).toEqual([]);
  });

  it("client-safe code in the new floors still names server code only as a type", async () => {
    expect(await imports("app/ui/Probe.tsx", 'import { flashSchema } from "~/server/flash.server";\nexport const probe = flashSchema;\n')).toHaveLength(1);
    expect(await imports("app/modules/catalogue/ui/Probe.tsx", 'import { readSidebarPrefs } from "~/server/prefs.server";\nexport const probe = readSidebarPrefs;\n')).toHaveLength(1);
  });
});

describe("role names only in the access module", () => {
  const probes = [
    'export const probe = (user: { role: string }) => user.role === "superadmin";\n',
    'export const probe = (role: string) => "user" !== role;\n',
    'export const probe = (u: { role: string }) => ["admin", "superadmin"].includes(u.role);\n',
  ];

  it("a role compared by name outside modules/access is refused", async () => {
    for (const code of probes) {
      const found = await syntax("app/modules/users/ui/Probe.tsx", code);
      expect(found, code).toHaveLength(1);
      expect(found[0]).toContain("permission");
    }
    expect(await syntax("app/shell/probe.ts", probes[0])).toHaveLength(1);
  });

  it("the access module may name roles; comparing two roles or asking the policy is fine anywhere", async () => {
    for (const code of probes) expect(await syntax("app/modules/access/probe.ts", code)).toEqual([]);
    expect(await syntax("app/modules/users/probe.server.ts", "export const probe = (a: { role: string }, b: { role: string }) => a.role !== b.role;\n")).toEqual([]);
  });

  it("the access module keeps the other house rules", async () => {
    expect(await syntax("app/modules/access/probe.server.ts", 'export const probe = () => { throw new Response("Forbidden", { status: 403 }); };\n')).toHaveLength(1);
  });
});
