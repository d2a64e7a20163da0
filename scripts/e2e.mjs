// Runs the Playwright suite against the production build on free ports with a fresh database,
// so it never collides with a running dev server or another test run on a shared machine.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { machineProblem } from "./check-machine.mjs";

const problem = machineProblem();
if (problem) {
  console.error(problem);
  process.exit(1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const smtpPort = await freePort();
const aiPort = await freePort();
const axePort = await freePort();
const runDir = path.resolve("data", `e2e-${port}`);
fs.rmSync(runDir, { recursive: true, force: true });
fs.mkdirSync(runDir, { recursive: true });

const env = {
  ...process.env,
  E2E_PORT: String(port),
  E2E_SMTP_PORT: String(smtpPort),
  E2E_AI_PORT: String(aiPort),
  E2E_AXE_PORT: String(axePort),
  E2E_RUN_DIR: runDir,
  DATABASE_URL: `file:${path.join(runDir, "servicehub.db")}`,
  SESSION_SECRET: process.env.SESSION_SECRET ?? "e2e-session-secret-0123456789",
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  SUPPORT_EMAIL: "support@servicehub.test",
  // The billing side's key for /api/billing/orders (tests/e2e/credits.spec.ts).
  BILLING_API_KEY: "e2e-billing-key-0123456789abcdef0123456789",
  // The AI assistant's provider: the OpenAI-compatible mock of tests/support/ai-provider.ts (global setup).
  AI_BASE_URL: `http://127.0.0.1:${aiPort}/v1`,
  AI_API_KEY: "e2e-ai-key",
  AI_MODEL: "mock-model",
  AI_TIMEOUT_SECONDS: "10",
  // The tests' template servers (second instances, tiny recorders) listen on loopback, which the
  // template client refuses without this (issue 31 §10); tests of the refusal start a server with "0".
  TEMPLATE_SERVER_ALLOW_PRIVATE: "1",
  // Mailed links point here, whatever Host a request names (the server refuses to start without it in production).
  APP_URL: `http://127.0.0.1:${port}`,
  // One JSON line per request would bury the test output; LOG_REQUESTS=1 shows them.
  LOG_REQUESTS: process.env.LOG_REQUESTS ?? "0",
  // The shared server runs no schedule of its own (review-due notifications and digests would meet
  // other tests' data at random); notifications.http.spec starts servers that do.
  SCHEDULE_EVERY_SECONDS: "0",
};

const child = spawn("npx", ["playwright", "test", ...process.argv.slice(2)], { stdio: "inherit", env });
child.on("exit", (code, signal) => {
  if (!process.env.E2E_KEEP) fs.rmSync(runDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
