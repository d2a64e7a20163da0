import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const script = path.resolve("scripts/check-machine.mjs");
const run = (env: Record<string, string>) => spawnSync(process.execPath, [script], { encoding: "utf8", env: { ...process.env, ...env } });

describe("the machine check that opens npm test", () => {
  it("without Chromium: exits 1 with one line naming what is missing and the install command", () => {
    const result = run({ CHROMIUM_PATH: path.join(os.tmpdir(), "no-such-chromium") });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("Chromium");
    expect(lines[0]).toContain("apt-get install -y chromium-headless-shell");
  });

  it("with a Chromium that does not start: exits 1 and says to reinstall", () => {
    const fake = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "chk-")), "chromium");
    fs.writeFileSync(fake, "#!/bin/sh\nexit 3\n", { mode: 0o755 });
    const result = run({ CHROMIUM_PATH: fake });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain("--reinstall");
  });

  it("with a Chromium that answers --version: exits 0 silently", () => {
    const fake = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "chk-")), "chromium");
    fs.writeFileSync(fake, "#!/bin/sh\necho Chromium 1.0\n", { mode: 0o755 });
    const result = run({ CHROMIUM_PATH: fake });
    expect(result.status).toBe(0);
    expect(result.stderr).toBe("");
  });
});
