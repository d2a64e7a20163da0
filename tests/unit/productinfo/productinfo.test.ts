import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { databaseInfo, dependencyLicences, licenceOf, productVersion, readDependencyLicences } from "~/modules/productinfo/productinfo.server";
import { dialectOf } from "~/server/db/db.server";
import pkg from "../../../package.json";
import { useTestDb } from "../../support/test-db";

// Product information (/dashboard/info): version, the database in use (SQLite here, Postgres with
// DATABASE_URL=postgres://…) and the licences of package.json's production dependencies.

const t = useTestDb();

describe("the database in use", () => {
  it("names the dialect and the server's version", async () => {
    const info = await databaseInfo(t.db);
    expect(info.kind).toBe(dialectOf(process.env.DATABASE_URL));
    expect(info.version).toMatch(/^\d+(\.\d+)+/);
  });
});

describe("licences", () => {
  it("reads a package's licence in each form package.json has had", () => {
    expect(licenceOf({ license: "MIT" })).toBe("MIT");
    expect(licenceOf({ license: "(MIT OR Apache-2.0)" })).toBe("(MIT OR Apache-2.0)");
    expect(licenceOf({ license: { type: "BSD-3-Clause" } })).toBe("BSD-3-Clause");
    expect(licenceOf({ licenses: [{ type: "MIT" }, { type: "GPL-2.0" }] })).toBe("(MIT OR GPL-2.0)");
    expect(licenceOf({ licenses: [{ type: "ISC" }] })).toBe("ISC");
    expect(licenceOf({ license: "  " })).toBeNull();
    expect(licenceOf({})).toBeNull();
    expect(licenceOf(null)).toBeNull();
  });

  it("lists the wanted packages by name with their installed version; a missing one keeps the asked range", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "sh-licences-"));
    try {
      const put = (name: string, manifest: object) => {
        fs.mkdirSync(path.join(root, "node_modules", name), { recursive: true });
        fs.writeFileSync(path.join(root, "node_modules", name, "package.json"), JSON.stringify(manifest));
      };
      put("zeta", { name: "zeta", version: "2.1.0", license: "MIT" });
      put("@scope/alpha", { name: "@scope/alpha", version: "1.0.0", license: { type: "Apache-2.0" } });
      put("broken", {});
      fs.writeFileSync(path.join(root, "node_modules", "broken", "package.json"), "{ not json");
      const rows = await readDependencyLicences(root, { zeta: "^2.0.0", "@scope/alpha": "1.0.0", broken: "^1.0.0", missing: "~3.0.0" });
      expect(rows).toEqual([
        { name: "@scope/alpha", version: "1.0.0", licence: "Apache-2.0" },
        { name: "broken", version: "^1.0.0", licence: null },
        { name: "missing", version: "~3.0.0", licence: null },
        { name: "zeta", version: "2.1.0", licence: "MIT" },
      ]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it("covers every production dependency of ServiceHub, each with its installed version and a licence, and no dev dependency", async () => {
    const rows = await dependencyLicences();
    expect(rows.map((r) => r.name)).toEqual(Object.keys(pkg.dependencies).sort((a, b) => a.localeCompare(b)));
    for (const row of rows) {
      expect(row.version, row.name).toMatch(/^\d+\.\d+\.\d+/);
      expect(row.licence, row.name).toBeTruthy();
    }
    expect(rows.find((r) => r.name === "marked")).toMatchObject({ version: "18.2.1", licence: "MIT" });
    expect(rows.some((r) => r.name === "vitest")).toBe(false);
    // Read once per process.
    expect(await dependencyLicences()).toBe(rows);
  });

  it("the version is package.json's", () => {
    expect(productVersion).toBe(pkg.version);
  });
});
