// The app as an operator runs it: migrate, seed the demo data, serve the build.
import { execFileSync, spawn } from "node:child_process";

execFileSync("npx", ["tsx", "scripts/seed.ts"], { stdio: "inherit", env: process.env });
const server = spawn("node", ["server.mjs"], {
  stdio: "inherit",
  // Loopback template servers in the tests (issue 31 §10); scripts/e2e.mjs sets it too.
  env: { TEMPLATE_SERVER_ALLOW_PRIVATE: "1", ...process.env, PORT: process.env.E2E_PORT, HOST: "127.0.0.1", NODE_ENV: "production" },
});
const stop = () => server.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", (code) => process.exit(code ?? 0));
