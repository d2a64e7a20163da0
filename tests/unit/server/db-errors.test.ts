import { describe, expect, it } from "vitest";
import { isUniqueViolation } from "~/server/db-errors";
import { useTestDb } from "../../support/test-db";

const t = useTestDb();

/** The error a database operation throws; fails the test when it does not throw. */
async function errorOf(op: () => Promise<unknown>): Promise<unknown> {
  try {
    await op();
  } catch (error) {
    return error;
  }
  throw new Error("expected the database to refuse the write");
}

describe("isUniqueViolation against the real database", () => {
  it("is true for a case-insensitive unique index violation (lower(name))", async () => {
    await t.db.insertInto("tags").values({ name: "Unique tag" }).execute();
    const error = await errorOf(() => t.db.insertInto("tags").values({ name: "UNIQUE TAG" }).execute());
    expect(isUniqueViolation(error)).toBe(true);
  });

  it("is true for a plain unique column violation", async () => {
    const user = await t.db
      .insertInto("users")
      .values({ name: "U", email: "u@errors.test", password_hash: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    const token = { user_id: user.id, token_hash: "same-hash", expires_at: "2030-01-01T00:00:00.000Z" };
    await t.db.insertInto("password_reset_tokens").values(token).execute();
    const error = await errorOf(() => t.db.insertInto("password_reset_tokens").values(token).execute());
    expect(isUniqueViolation(error)).toBe(true);
  });

  it("is false for a foreign-key violation", async () => {
    const error = await errorOf(() => t.db.insertInto("service_tags").values({ service_id: 999_999, tag_id: 999_999 }).execute());
    expect(error).toBeInstanceOf(Error);
    expect(isUniqueViolation(error)).toBe(false);
  });

  it("is false for a NOT NULL and a CHECK violation", async () => {
    const notNull = await errorOf(() =>
      t.db
        .insertInto("tags")
        .values({ name: null as unknown as string })
        .execute()
    );
    expect(isUniqueViolation(notNull)).toBe(false);
    const check = await errorOf(() =>
      t.db
        .insertInto("services")
        .values({ name: "Bad status", status: "nonsense" as "open" })
        .execute()
    );
    expect(isUniqueViolation(check)).toBe(false);
  });
});

describe("isUniqueViolation on other values", () => {
  it.each([
    ["undefined", undefined],
    ["null", null],
    ["the code as a string", "23505"],
    ["the SQLite code as a string", "SQLITE_CONSTRAINT_UNIQUE"],
    ["a number", 23505],
    ["an Error without a code", new Error("duplicate key value violates unique constraint")],
    ["an object with a numeric code", { code: 23505 }],
    ["an object with another constraint code", { code: "SQLITE_CONSTRAINT_FOREIGNKEY" }],
  ])("is false for %s", (_label, value) => {
    expect(isUniqueViolation(value)).toBe(false);
  });

  it("is true for errors carrying the SQLite or Postgres unique-violation code", () => {
    expect(isUniqueViolation(Object.assign(new Error("x"), { code: "SQLITE_CONSTRAINT_UNIQUE" }))).toBe(true);
    expect(isUniqueViolation(Object.assign(new Error("x"), { code: "23505" }))).toBe(true);
  });
});
