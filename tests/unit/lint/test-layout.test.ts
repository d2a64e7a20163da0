import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Where unit tests live and how they open a database (docs/testing.md, issue 33 §5): one folder per
 * domain of app/modules or per kind of shared code, and useTestDb() instead of hand-written hooks.
 */
const UNIT = path.join("tests", "unit");
const SHARED = ["server", "db", "lib", "i18n", "lint", "scripts", "screens"];
/** Makes several databases per test, on demand: the one file that calls createTestDb itself. */
const OWN_DATABASES = ["tests/unit/db/backup-restore.test.ts"];

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? testFiles(full) : /\.test\.tsx?$/.test(e.name) ? [full.split(path.sep).join("/")] : [];
  });
}

describe("the unit tests' layout", () => {
  it("every folder of tests/unit is a domain of app/modules or one of the shared ones", () => {
    const domains = fs.readdirSync(path.join("app", "modules"), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    const folders = fs.readdirSync(UNIT, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(folders.filter((f) => !domains.includes(f) && !SHARED.includes(f))).toEqual([]);
    expect(fs.readdirSync(UNIT, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name)).toEqual([]);
  });

  it("a test file opens its database with useTestDb(), not with its own createTestDb hooks", () => {
    const own = testFiles(UNIT).filter((f) => /\bcreateTestDb\(/.test(fs.readFileSync(f, "utf8")));
    expect(own).toEqual(OWN_DATABASES);
  });
});
