import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { createDb, dialectOf } from "../../app/server/db/db.server";
import { migrateToLatest } from "../../app/server/db/migrate.server";
import type { Database } from "../../app/server/db/schema";

export interface TestDb {
  db: Kysely<Database>;
  /** The DATABASE_URL of the fresh database (a file path for SQLite). */
  url: string;
  cleanup: () => Promise<void>;
}

/**
 * A fresh, migrated database for one test file.
 * - `DATABASE_URL=postgres://…`: creates `sh_test_<random>` on that server, drops it on cleanup.
 * - otherwise: a new SQLite file in the OS temp dir, deleted (with its WAL files) on cleanup.
 */
export async function createTestDb(): Promise<TestDb> {
  const baseUrl = process.env.DATABASE_URL;
  const suffix = crypto.randomBytes(6).toString("hex");

  if (dialectOf(baseUrl) === "postgres") {
    const name = `sh_test_${suffix}`;
    const admin = createDb(baseUrl);
    try {
      await sql`create database ${sql.id(name)}`.execute(admin);
    } finally {
      await admin.destroy();
    }
    const url = new URL(baseUrl as string);
    url.pathname = `/${name}`;
    const db = createDb(url.toString());
    await migrateToLatest(db);
    return {
      db,
      url: url.toString(),
      cleanup: async () => {
        await db.destroy();
        const admin2 = createDb(baseUrl);
        try {
          await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin2);
        } finally {
          await admin2.destroy();
        }
      },
    };
  }

  const file = path.join(os.tmpdir(), `sh_test_${suffix}.db`);
  const db = createDb(`file:${file}`);
  await migrateToLatest(db);
  return {
    db,
    url: `file:${file}`,
    cleanup: async () => {
      await db.destroy();
      for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
    },
  };
}
