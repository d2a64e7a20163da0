import { beforeAll, describe, expect, it } from "vitest";
import { listActivitiesFor, recordActivity } from "~/server/audit.server";
import { factories } from "../../factories";
import { useTestDb } from "../../support/test-db";

const t = useTestDb();
let causerId: number;

beforeAll(async () => {
  // activities.causer_id references users.id, so the causer must exist.
  causerId = (await factories(t.db).user("user", { name: "Ada Auditor", email: "ada@audit.test" })).id;
});

async function rowsFor(subjectType: string) {
  return t.db.selectFrom("activities").selectAll().where("subject_type", "=", subjectType).orderBy("id").execute();
}

describe("recordActivity", () => {
  it("writes exactly one row with subject, causer, description and JSON old/new values", async () => {
    await recordActivity(t.db, {
      subjectType: "audit-basic",
      subjectId: 42,
      event: "updated",
      causer: { id: causerId, name: "Ada Auditor" },
      oldValues: { name: "Old", count: 1 },
      newValues: { name: "New", count: 2, nested: { a: [1, 2] } },
      description: "renamed",
    });
    const rows = await rowsFor("audit-basic");
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({
      subject_type: "audit-basic",
      subject_id: "42",
      event: "updated",
      causer_id: causerId,
      causer_name: "Ada Auditor",
      description: "renamed",
    });
    expect(JSON.parse(row.old_values as string)).toEqual({ name: "Old", count: 1 });
    expect(JSON.parse(row.new_values as string)).toEqual({ name: "New", count: 2, nested: { a: [1, 2] } });
    expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("stores null for missing values, subject id and causer", async () => {
    await recordActivity(t.db, { subjectType: "audit-nulls", event: "ping" });
    const rows = await rowsFor("audit-nulls");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      subject_id: null,
      causer_id: null,
      causer_name: null,
      old_values: null,
      new_values: null,
      description: null,
    });
  });

  it("redacts secret keys nested inside values too", async () => {
    await recordActivity(t.db, {
      subjectType: "audit-deep",
      event: "updated",
      newValues: { value: { smtp: { password: "hunter2", host: "mail" } }, list: [{ token: "abc" }] },
    });
    const [row] = await rowsFor("audit-deep");
    expect(row.new_values).not.toContain("hunter2");
    expect(row.new_values).not.toContain("abc");
    expect(JSON.parse(row.new_values!)).toEqual({ value: { smtp: { password: "[redacted]", host: "mail" } }, list: [{ token: "[redacted]" }] });
  });

  it("redacts password, password_hash, token (and other secret keys) in old and new values", async () => {
    await recordActivity(t.db, {
      subjectType: "audit-redact",
      subjectId: "r1",
      event: "updated",
      oldValues: { password: "old-plain-pw", password_hash: "$2b$10$oldhashvalue", name: "Bob" },
      newValues: {
        password: "new-plain-pw",
        token: "tok-abc123",
        token_hash: "deadbeefcafe",
        two_factor_secret: "JBSWY3DPEHPK3PXP",
        email: "bob@example.com",
      },
    });
    const [row] = await rowsFor("audit-redact");
    const oldRaw = row.old_values as string;
    const newRaw = row.new_values as string;
    for (const secret of ["old-plain-pw", "$2b$10$oldhashvalue", "new-plain-pw", "tok-abc123", "deadbeefcafe", "JBSWY3DPEHPK3PXP"]) {
      expect(oldRaw).not.toContain(secret);
      expect(newRaw).not.toContain(secret);
    }
    expect(JSON.parse(oldRaw)).toEqual({ password: "[redacted]", password_hash: "[redacted]", name: "Bob" });
    expect(JSON.parse(newRaw)).toEqual({
      password: "[redacted]",
      token: "[redacted]",
      token_hash: "[redacted]",
      two_factor_secret: "[redacted]",
      email: "bob@example.com",
    });
  });

  it("writes inside a transaction and disappears when the transaction rolls back", async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        await recordActivity(trx, { subjectType: "audit-trx", event: "created" });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await rowsFor("audit-trx")).toHaveLength(0);
  });
});

describe("listActivitiesFor", () => {
  it("returns only the subject's activities, newest first", async () => {
    await recordActivity(t.db, { subjectType: "audit-list", subjectId: 1, event: "first" });
    await recordActivity(t.db, { subjectType: "audit-list", subjectId: 2, event: "other-id" });
    await recordActivity(t.db, { subjectType: "audit-list-other", subjectId: 1, event: "other-type" });
    await recordActivity(t.db, { subjectType: "audit-list", subjectId: 1, event: "second" });
    await recordActivity(t.db, { subjectType: "audit-list", subjectId: "1", event: "third" });

    const list = await listActivitiesFor(t.db, "audit-list", 1);
    expect(list.map((a) => a.event)).toEqual(["third", "second", "first"]);
    expect(list.every((a) => a.subject_type === "audit-list" && a.subject_id === "1")).toBe(true);

    // A numeric and a string id address the same subject.
    expect((await listActivitiesFor(t.db, "audit-list", "1")).map((a) => a.event)).toEqual(["third", "second", "first"]);
    expect((await listActivitiesFor(t.db, "audit-list", 2)).map((a) => a.event)).toEqual(["other-id"]);
    expect(await listActivitiesFor(t.db, "audit-list", 3)).toEqual([]);
  });
});
