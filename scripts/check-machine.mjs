// First step of `npm test`: stop at once, with one line, when the machine lacks what the browser
// tests need — instead of hundreds of failing Playwright tests. Also run by scripts/e2e.mjs.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { pathToFileURL } from "node:url";

/**
 * The browser the tests drive: CHROMIUM_PATH, else Debian's headless shell (Chromium without the
 * desktop browser's compositing and UI: a quarter less CPU for the same tests, docs/testing.md),
 * else the full Chromium.
 */
export function chromiumPath(env = process.env) {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((file) => fs.existsSync(file)) ?? "/usr/bin/chromium-headless-shell";
}

/** What is missing, as one line with the command that installs it; null when the machine is ready. */
export function machineProblem(env = process.env) {
  const chromium = chromiumPath(env);
  if (!fs.existsSync(chromium)) {
    return `npm test needs Chromium at ${chromium} for the browser tests: install it with "sudo apt-get install -y chromium-headless-shell" (or set CHROMIUM_PATH to an installed Chromium).`;
  }
  const probe = spawnSync(chromium, ["--version"], { encoding: "utf8", timeout: 30_000 });
  if (probe.status !== 0) {
    return `npm test needs a working Chromium, but "${chromium} --version" failed: reinstall it with "sudo apt-get install --reinstall -y chromium" (or set CHROMIUM_PATH).`;
  }
  return null;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const problem = machineProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
