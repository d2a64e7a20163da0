import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
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

/** What a test reads of its database; `db` and `url` exist only once the hooks have run. */
export interface TestDbHandle {
  readonly db: Kysely<Database>;
  readonly url: string;
}

/**
 * The database of a test file (or of the describe block it is called in): opened in a `beforeAll`,
 * dropped in an `afterAll`. Call it before the file's own hooks: those then run after the database
 * is open and before it is dropped (Vitest runs `before*` hooks in order, `after*` hooks in reverse).
 * `{ each: true }`: a fresh database for every test, for tables with a single row.
 */
export function useTestDb(options: { each?: boolean } = {}): TestDbHandle {
  const [before, after] = options.each ? [beforeEach, afterEach] : [beforeAll, afterAll];
  let current: TestDb | undefined;
  before(async () => {
    current = await createTestDb();
  });
  after(async () => {
    await current?.cleanup();
    current = undefined;
  });
  const open = () => {
    if (!current) throw new Error("useTestDb: the database is open only inside tests and hooks");
    return current;
  };
  return {
    get db() {
      return open().db;
    },
    get url() {
      return open().url;
    },
  };
}
