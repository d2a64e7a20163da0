import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports").map((m) => m.message);
}

describe("module boundaries in npm run lint", () => {
  it("UI may not import server code by value", async () => {
    const messages = await restrictedImports(
      "app/modules/service/ui/Probe.tsx",
      'import { getDb } from "~/server/db/db.server";\nexport const probe = getDb;\n',
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("import type");
  });

  it("UI may not import a module's *.server file by value, but may name its types", async () => {
    expect(await restrictedImports("app/shell/Probe.tsx", 'import { listTrashed } from "~/modules/service/service-lifecycle.server";\nexport const probe = listTrashed;\n')).toHaveLength(1);
    expect(
      await restrictedImports("app/shell/Probe.tsx", 'import type { TrashedService } from "~/modules/service/service-lifecycle.server";\nexport type Probe = TrashedService;\n'),
    ).toEqual([]);
  });

  it("client-safe module files (types, schemas) are held to the same rule", async () => {
    expect(await restrictedImports("app/modules/catalogue/probe-types.ts", 'import { flash } from "../../server/flash.server";\nexport const probe = flash;\n')).toHaveLength(1);
  });

  it("routes may not reach the database", async () => {
    const messages = await restrictedImports("app/routes/_app.probe.tsx", 'import { getDb } from "~/server/db/db.server";\nexport const loader = () => getDb();\n');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("Routes only wire");
    expect(await restrictedImports("app/routes/_app.probe.tsx", 'import { sql } from "kysely";\nexport const probe = sql;\n')).toHaveLength(1);
  });

  it("server files and routes may import module server code", async () => {
    expect(await restrictedImports("app/modules/service/probe.server.ts", 'import { getDb } from "~/server/db/db.server";\nexport const probe = getDb;\n')).toEqual([]);
    expect(
      await restrictedImports("app/routes/_app.probe.tsx", 'import { servicePageLoader } from "~/modules/service/page.server";\nexport const loader = servicePageLoader;\n'),
    ).toEqual([]);
  });
});
