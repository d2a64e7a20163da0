import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createDb, dialectOf } from "../../../app/server/db/db.server";
import { createTestDb, type TestDb } from "../../support/test-db";

const onPostgres = dialectOf(process.env.DATABASE_URL) === "postgres";

let t: TestDb;

beforeAll(async () => {
  t = await createTestDb();
});

afterAll(async () => {
  await t?.cleanup();
});

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

describe.runIf(!onPostgres)("SQLite handle", () => {
  it("answers queries", async () => {
    const row = await sql<{ one: number }>`select 1 as one`.execute(t.db);
    expect(row.rows[0].one).toBe(1);
  });
});
