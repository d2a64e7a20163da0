import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, describe, expect, test } from "vitest";
import { createDb, dialectOf, sqlitePath, type DB } from "~/server/db/db.server";
import { createTestDb, type TestDb } from "../../support/test-db";

/**
 * `npm run db:backup` while writes go on, and `npm run db:restore` into a fresh place (issue 21
 * §4), on the database DATABASE_URL names (SQLite by default; Postgres in CI's database run).
 */

const TSX = path.resolve("node_modules/.bin/tsx");

function runScript(script: string, args: string[], databaseUrl: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [script, ...args], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code: code ?? 1, output }));
  });
}

const ownerNames = async (db: DB) =>
  (await db.selectFrom("owners").select("name").where("name", "like", "Sicherung %").execute()).map((r) => r.name).sort((a, b) => Number(a.split(" ")[1]) - Number(b.split(" ")[1]));

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function database(): Promise<TestDb> {
  const t = await createTestDb();
  cleanups.push(t.cleanup);
  return t;
}

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sh-backup-"));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe("backup and restore", () => {
  test("a backup taken while writes go on holds every write committed before it, consistently, and restores into a fresh database", { timeout: 90_000 }, async () => {
    const source = await database();
    const dir = tempDir();
    let committed = 0;
    const write = async () => {
      await source.db.insertInto("owners").values({ name: `Sicherung ${committed}` }).execute();
      committed++;
      // Let the backup process's events in between (better-sqlite3 writes synchronously).
      await new Promise((r) => setImmediate(r));
    };
    for (let i = 0; i < 50; i++) await write();

    const before = committed;
    let running = true;
    const backup = runScript("scripts/db-backup.ts", ["--out", `${dir}/`], source.url).finally(() => (running = false));
    while (running) await write();
    const after = committed;
    const result = await backup;
    expect(result.code, result.output).toBe(0);
    // The writes really overlapped the backup.
    expect(after).toBeGreaterThan(before);

    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^servicehub-\d{8}-\d{6}\.(db|dump)$/);
    const file = path.join(dir, files[0]);

    const postgres = dialectOf(source.url) === "postgres";
    // Postgres: a migrated database with rows of its own, which the restore replaces.
    const fresh = postgres ? await database() : null;
    await fresh?.db.insertInto("owners").values({ name: "Vorher da" }).execute();
    const target = fresh ? fresh.url : `file:${path.join(dir, "restored", "servicehub.db")}`;
    const restore = await runScript("scripts/db-restore.ts", [file, "--to", target], target);
    expect(restore.code, restore.output).toBe(0);
    // SQLite: opened only now (a restore onto an open database is refused).
    const restored = fresh ? fresh.db : createDb(target);
    if (!fresh) cleanups.push(() => restored.destroy());

    const names = await ownerNames(restored);
    // Everything committed before the backup began, nothing after it ended, and no gaps: a snapshot.
    expect(names.length).toBeGreaterThanOrEqual(before);
    expect(names.length).toBeLessThanOrEqual(after);
    expect(names).toEqual(Array.from({ length: names.length }, (_, i) => `Sicherung ${i}`));
    expect(await restored.selectFrom("owners").select("id").where("name", "=", "Vorher da").executeTakeFirst()).toBeUndefined();
    if (!postgres) {
      const check = new SQLite(sqlitePath(target), { readonly: true });
      expect(check.pragma("integrity_check", { simple: true })).toBe("ok");
      check.close();
    }
  });

  test.runIf(dialectOf(process.env.DATABASE_URL) === "sqlite")("a restore onto an SQLite database that is open is refused and changes nothing", { timeout: 60_000 }, async () => {
    const live = await database();
    await live.db.insertInto("owners").values({ name: "Sicherung 0" }).execute();
    const dir = tempDir();
    const backup = await runScript("scripts/db-backup.ts", ["--out", path.join(dir, "copy.db")], live.url);
    expect(backup.code, backup.output).toBe(0);
    await live.db.insertInto("owners").values({ name: "Sicherung 1" }).execute();

    // The test's own connection holds the database open, as a running app would.
    const refused = await runScript("scripts/db-restore.ts", [path.join(dir, "copy.db")], live.url);
    expect(refused.code, refused.output).toBe(3);
    expect(refused.output).toContain("is in use");
    expect(await ownerNames(live.db)).toEqual(["Sicherung 0", "Sicherung 1"]);

    // A file that is no backup is refused before anything is touched.
    fs.writeFileSync(path.join(dir, "junk.db"), "not a database");
    const junk = await runScript("scripts/db-restore.ts", [path.join(dir, "junk.db"), "--to", `file:${path.join(dir, "other.db")}`], live.url);
    expect(junk.code).toBe(1);
    expect(junk.output).toContain("not a usable backup");
    expect(fs.existsSync(path.join(dir, "other.db"))).toBe(false);
  });
});
