import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

// The build step that keeps zod out of the browser (docs/decisions/0063-no-zod-in-the-browser.md),
// run on a build directory of its own.
const dirs: string[] = [];
function buildWith(chunks: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "client-zod-"));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, "client", "assets"), { recursive: true });
  for (const [name, code] of Object.entries(chunks)) fs.writeFileSync(path.join(dir, "client", "assets", name), code);
  return spawnSync(process.execPath, ["scripts/check-client-zod.mjs"], { env: { ...process.env, BUILD_DIR: dir }, encoding: "utf8" });
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("check-client-zod", () => {
  it("fails the build and names the chunk when zod is in a client chunk", () => {
    const run = buildWith({ "entry-a1.js": "import './schemas-b2.js';", "schemas-b2.js": 'const e=$constructor("$ZodType",()=>{});class x extends Error{name="ZodError"}' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("schemas-b2.js");
    expect(run.stderr).not.toContain("entry-a1.js");
  });

  it("passes a build whose chunks carry no zod (a schema's name in a string is no zod)", () => {
    const run = buildWith({ "LoginPage-c3.js": 'export const id="login-schema";', "conform-d4.js": "export function useForm(){}" });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("no zod");
  });
});
