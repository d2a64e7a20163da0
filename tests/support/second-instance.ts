import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createDb, type DB } from "~/server/db/db.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { freePort, waitForApp } from "../../scripts/app-process";
import { factories, type Factories } from "../factories";

/**
 * Another ServiceHub — the same build, its own empty database, its own free port — for what the
 * shared test instance cannot show (an empty bin, an empty base-data list) and, later, for a
 * template source speaking the real API. It may use loopback template servers
 * (TEMPLATE_SERVER_ALLOW_PRIVATE=1) unless `env` says otherwise.
 */
export type SecondInstance = { baseURL: string; db: DB; make: Factories; stop: () => Promise<void> };

/** `env` adds settings for the server, e.g. single sign-on pointed at a test identity provider. */
export async function startSecondInstance(name: string, env: (baseURL: string) => Record<string, string> = () => ({})): Promise<SecondInstance> {
  const port = await freePort();
  const dir = path.join(process.env.E2E_RUN_DIR ?? "data/e2e", `${name}-${port}`);
  fs.mkdirSync(dir, { recursive: true });
  const databaseUrl = `file:${path.join(dir, "servicehub.db")}`;
  const db = createDb(databaseUrl);
  await migrateToLatest(db);
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn("node", ["server.mjs"], {
    stdio: ["ignore", "ignore", "inherit"],
    // Template servers in the tests are loopback instances like this one (issue 31 §10); `env` may say "0".
    env: { TEMPLATE_SERVER_ALLOW_PRIVATE: "1", ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production", APP_URL: baseURL, ...env(baseURL) },
  });
  await waitForApp(baseURL, server, 30_000);
  return {
    baseURL,
    db,
    make: factories(db),
    stop: async () => {
      await new Promise<void>((resolve) => {
        if (server.exitCode !== null) return resolve();
        server.once("exit", () => resolve());
        server.kill("SIGTERM");
      });
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}


