import { defineConfig, devices } from "@playwright/test";
import { chromiumPath } from "./scripts/check-machine.mjs";

// Started through scripts/e2e.mjs, which picks free ports and a fresh database directory.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  globalSetup: "./tests/support/global-setup.ts",
  use: {
    baseURL,
    locale: "de-DE",
    // Recording a trace for every test (to keep the failures') cost a quarter of the run's CPU;
    // E2E_TRACE=retain-on-failure brings them back when a failure needs one.
    trace: (process.env.E2E_TRACE as "retain-on-failure" | undefined) ?? "off",
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        // A test's page lives for seconds: V8's optimising compiler (TurboFan, Maglev) costs the
        // two cores more than it saves — 10–15 % of the renderer's CPU in the screen sweep.
        "--js-flags=--no-opt --no-maglev",
      ],
    },
  },
  projects: [
    // Tests tagged SERVER_CHECK (tests/support/fixtures.ts) check the server's answer only: once, without JS.
    { name: "js", testIgnore: /\.http\.spec\.ts$/, grepInvert: /@server\b/, use: { ...devices["Desktop Chrome"], javaScriptEnabled: true } },
    { name: "no-js", testIgnore: /\.http\.spec\.ts$/, use: { ...devices["Desktop Chrome"], javaScriptEnabled: false } },
    // Requests as a client writes them (any header, any body, any client address): no browser needed.
    { name: "http", testMatch: /\.http\.spec\.ts$/ },
  ],
  webServer: {
    command: "node tests/support/start-server.mjs",
    url: `${baseURL}/login`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
