import SQLite from "better-sqlite3";
import { sql, type Transaction } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { createDb, dialectOf, sqlitePath } from "../../../app/server/db/db.server";
import type { Database } from "../../../app/server/db/schema";
import { inTransaction } from "../../../app/server/db-helpers.server";
import { useTestDb } from "../../support/test-db";

const onPostgres = dialectOf(process.env.DATABASE_URL) === "postgres";

const t = useTestDb();

describe.runIf(onPostgres)("Postgres connection pool", () => {
  it("survives the server ending an idle pooled connection: logs it, the next query opens a new one", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const db = createDb(t.url);
    try {
      const before = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      const pid = before.rows[0].pid;
      // The connection is back in the pool, idle; the server now ends it (as a restart would).
      await sql`select pg_terminate_backend(${pid})`.execute(t.db);
      await vi.waitFor(() => expect(errors).toHaveBeenCalledWith(expect.stringContaining("idle Postgres connection lost")), { timeout: 5000 });
      const after = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      expect(after.rows[0].pid).not.toBe(pid);
    } finally {
      errors.mockRestore();
      await db.destroy();
    }
  });
});

describe.runIf(!onPostgres)("SQLite transactions through inTransaction", () => {
  // A transaction that reads, then writes, fails at its first write with SQLITE_BUSY_SNAPSHOT when
  // another connection (a second process, a script, a test) committed in between; busy_timeout
  // does not cover that. inTransaction runs it again, and then it sees the other's commit.
  async function readThenWrite(run: (fn: (trx: Transaction<Database>) => Promise<void>) => Promise<void>, label: string) {
    await t.db.insertInto("tags").values({ name: `${label} vorher`, created_at: "2025-01-01T00:00:00.000Z", updated_at: "2025-01-01T00:00:00.000Z" }).execute();
    const other = new SQLite(sqlitePath(t.url));
    let attempts = 0;
    try {
      await run(async (trx) => {
        attempts++;
        await trx.selectFrom("tags").select("id").execute();
        if (attempts === 1) other.prepare(`insert into tags (name, created_at, updated_at) values ('${label} dazwischen', '2025-01-01', '2025-01-01')`).run();
        await trx.updateTable("tags").set({ name: `${label} nachher` }).where("name", "=", `${label} vorher`).execute();
      });
    } finally {
      other.close();
    }
    return attempts;
  }

  it("a plain Kysely transaction fails when another connection wrote between its read and its write", async () => {
    await expect(readThenWrite((fn) => t.db.transaction().execute(fn), "Roh")).rejects.toMatchObject({ code: expect.stringMatching(/^SQLITE_BUSY/) });
  });

  it("inTransaction runs it again: both writes land", async () => {
    const attempts = await readThenWrite((fn) => inTransaction(t.db, fn), "Sicher");
    expect(attempts).toBe(2);
    const names = (await t.db.selectFrom("tags").select("name").where("name", "like", "Sicher%").execute()).map((r) => r.name).sort();
    expect(names).toEqual(["Sicher dazwischen", "Sicher nachher"]);
  });
});
