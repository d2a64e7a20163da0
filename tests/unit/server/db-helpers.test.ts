import { afterEach, describe, expect, it, vi } from "vitest";
import { containsIgnoreCase, inTransaction, likePattern, nextTimestamp } from "~/server/db-helpers.server";
import { useTestDb, type TestDb } from "../../support/test-db";

const t = useTestDb();

afterEach(() => {
  vi.useRealTimers();
});

async function tagNames() {
  const rows = await t.db.selectFrom("tags").select("name").orderBy("name").execute();
  return rows.map((r) => r.name);
}

async function addTag(db: Parameters<Parameters<typeof inTransaction>[1]>[0] | TestDb["db"], name: string) {
  await db.insertInto("tags").values({ name }).execute();
}

describe("likePattern", () => {
  it("wraps the lower-cased term in % wildcards", () => {
    expect(likePattern("Cloud")).toBe("%cloud%");
    expect(likePattern("")).toBe("%%");
  });

  it("escapes %, _ and the escape character itself with a backslash", () => {
    expect(likePattern("50%")).toBe("%50\\%%");
    expect(likePattern("a_b")).toBe("%a\\_b%");
    expect(likePattern("C:\\temp")).toBe("%c:\\\\temp%");
    expect(likePattern("%_\\")).toBe("%\\%\\_\\\\%");
  });

  it("used through containsIgnoreCase, the database matches the characters literally", async () => {
    for (const name of ["Rate 50%", "Rate 500", "snake_case", "snakeXcase", "C:\\temp", "C:temp"]) await addTag(t.db, name);
    const find = async (term: string) =>
      (await t.db.selectFrom("tags").select("name").where(containsIgnoreCase(t.db, "name", term)).orderBy("name").execute()).map((r) => r.name);
    expect(await find("50%")).toEqual(["Rate 50%"]);
    expect(await find("RATE 50")).toEqual(["Rate 50%", "Rate 500"]);
    expect(await find("e_c")).toEqual(["snake_case"]);
    expect(await find(":\\t")).toEqual(["C:\\temp"]);
    await t.db.deleteFrom("tags").execute();
  });
});

describe("nextTimestamp", () => {
  const T = "2030-06-15T12:00:00.000Z";

  it("is the current time when the clock has moved past the previous timestamp", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(T));
    expect(nextTimestamp("2030-06-15T11:59:59.999Z")).toBe(T);
    expect(nextTimestamp(null)).toBe(T);
    expect(nextTimestamp(undefined)).toBe(T);
    expect(nextTimestamp("")).toBe(T);
    expect(nextTimestamp("not a date")).toBe(T);
  });

  it("is one millisecond after the previous timestamp when the clock has not moved", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(T));
    const next = nextTimestamp(T);
    expect(next).toBe("2030-06-15T12:00:00.001Z");
    expect(next > T).toBe(true);
    // Repeated saves in the same millisecond keep increasing.
    expect(nextTimestamp(next)).toBe("2030-06-15T12:00:00.002Z");
  });

  it("stays after a previous timestamp that lies in the future (clock skew)", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(T));
    expect(nextTimestamp("2030-06-15T12:00:05.000Z")).toBe("2030-06-15T12:00:05.001Z");
  });

  it("returns the stored ISO format, which sorts like time", () => {
    const a = nextTimestamp(null);
    const b = nextTimestamp(a);
    expect(a).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(b > a).toBe(true);
  });
});

describe("inTransaction", () => {
  it("commits its writes when the function succeeds", async () => {
    const result = await inTransaction(t.db, async (trx) => {
      await addTag(trx, "committed");
      return 42;
    });
    expect(result).toBe(42);
    expect(await tagNames()).toEqual(["committed"]);
    await t.db.deleteFrom("tags").execute();
  });

  it("rolls its writes back when the function throws", async () => {
    await expect(
      inTransaction(t.db, async (trx) => {
        await addTag(trx, "rolled back");
        throw new Error("boom");
      })
    ).rejects.toThrow("boom");
    expect(await tagNames()).toEqual([]);
  });

  it("joins an outer transaction: a failure after the inner call rolls back both writes", async () => {
    await expect(
      t.db.transaction().execute(async (outer) => {
        await addTag(outer, "outer write");
        await inTransaction(outer, async (inner) => {
          // The inner call sees the outer's uncommitted write: it runs in the same transaction.
          const seen = await inner.selectFrom("tags").select("name").where("name", "=", "outer write").executeTakeFirst();
          expect(seen?.name).toBe("outer write");
          await addTag(inner, "inner write");
        });
        throw new Error("later failure");
      })
    ).rejects.toThrow("later failure");
    expect(await tagNames()).toEqual([]);
  });

  it("a failure inside the joined call rolls back the outer transaction's earlier writes too", async () => {
    await expect(
      t.db.transaction().execute(async (outer) => {
        await addTag(outer, "outer first");
        await inTransaction(outer, async (inner) => {
          await addTag(inner, "inner then fails");
          throw new Error("inner boom");
        });
      })
    ).rejects.toThrow("inner boom");
    expect(await tagNames()).toEqual([]);
  });
});
