import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { createDb, dialectOf, type DB } from "~/server/db/db.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { freePort } from "../../scripts/app-process";

/**
 * Several app servers on one database (issue 21 §6): the database is a fresh one on the Postgres
 * server MULTI_SERVER_DATABASE_URL names (created and dropped here), else one SQLite file under
 * the run dir that every server process opens. scripts/e2e.mjs points DATABASE_URL at the shared
 * test server's SQLite file, hence the separate variable.
 */
export interface SharedDatabase {
  url: string;
  dialect: "sqlite" | "postgres";
  db: DB;
  drop: () => Promise<void>;
}

export async function sharedDatabase(name: string): Promise<SharedDatabase> {
  const base = process.env.MULTI_SERVER_DATABASE_URL;
  const suffix = crypto.randomBytes(5).toString("hex");
  if (base && dialectOf(base) === "postgres") {
    const dbName = `sh_${name}_${suffix}`.replace(/[^a-z0-9_]/g, "_");
    const admin = createDb(base);
    try {
      await sql`create database ${sql.id(dbName)}`.execute(admin);
    } finally {
      await admin.destroy();
    }
    const url = new URL(base);
    url.pathname = `/${dbName}`;
    const db = createDb(url.toString());
    await migrateToLatest(db);
    return {
      url: url.toString(),
      dialect: "postgres",
      db,
      drop: async () => {
        await db.destroy();
        const admin2 = createDb(base);
        try {
          await sql`drop database if exists ${sql.id(dbName)} with (force)`.execute(admin2);
        } finally {
          await admin2.destroy();
        }
      },
    };
  }
  const dir = path.join(process.env.E2E_RUN_DIR ?? "data/e2e", `${name}-${suffix}`);
  fs.mkdirSync(dir, { recursive: true });
  const url = `file:${path.join(dir, "servicehub.db")}`;
  const db = createDb(url);
  await migrateToLatest(db);
  return {
    url,
    dialect: "sqlite",
    db,
    drop: async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface AppServer {
  baseURL: string;
  /** What the server printed to stdout so far, a line each. */
  output: string[];
  /** SIGTERM (graceful shutdown); resolves with the exit code. */
  stop: () => Promise<number | null>;
}

/** `node server.mjs` (the production build) on a free loopback port, ready when /readyz says so. */
export async function startAppServer(databaseUrl: string, env: Record<string, string> = {}): Promise<AppServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.mjs"], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production", APP_URL: baseURL, LOG_REQUESTS: "0", ...env },
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const output: string[] = [];
  let partial = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    const lines = (partial + chunk).split("\n");
    partial = lines.pop() ?? "";
    output.push(...lines);
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app server exited with ${child.exitCode}`);
    if (await fetch(`${baseURL}/readyz`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`app server did not answer on ${baseURL}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseURL,
    output,
    stop: () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

