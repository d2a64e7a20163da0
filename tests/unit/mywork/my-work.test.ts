import { beforeAll, describe, expect, it } from "vitest";
import { myWork } from "~/modules/mywork/my-work.server";
import { factories, unique } from "../../factories";
import { useTestDb } from "../../support/test-db";

// "My work" (issue 36 §4): responsible and due, waiting for review (for approvers), own drafts.
// Runs on SQLite by default and on Postgres with DATABASE_URL=postgres://…

const t = useTestDb();
const make = factories(() => t.db);
const day = 86_400_000;
let keyuser: { id: number; role: "keyuser" };
let user: { id: number; role: "user" };

beforeAll(async () => {
  keyuser = { id: (await make.user("keyuser", { email: "keyuser@my-work.test" })).id, role: "keyuser" };
  user = { id: (await make.user("user", { email: "user@my-work.test" })).id, role: "user" };
});

describe("my work", () => {
  it("lists the services one is responsible for that are due, what waits for review, and one's drafts", async () => {
    const catalogueId = await make.catalogue({ title: unique("Arbeit") });
    const category = await make.category(catalogueId, { name: unique("Kategorie") });
    const owner = await make.owner();
    await t.db.insertInto("owner_users").values({ owner_id: owner, user_id: user.id }).execute();
    const old = new Date(Date.now() - 400 * day).toISOString();
    const recent = new Date(Date.now() - 10 * day).toISOString();
    // Responsible directly (overdue), through an owner (overdue), and one not due.
    const direct = await make.service(catalogueId, category, { name: unique("Direkt"), created_at: old, updated_at: old });
    await t.db.insertInto("service_responsible_users").values({ service_id: direct, user_id: user.id }).execute();
    const viaOwner = await make.service(catalogueId, category, { name: unique("Owner"), created_at: old, updated_at: old, owners: [owner], last_reviewed_at: new Date(Date.now() - 390 * day).toISOString() });
    const fresh = await make.service(catalogueId, category, { name: unique("Frisch"), created_at: recent, updated_at: recent });
    await t.db.insertInto("service_responsible_users").values({ service_id: fresh, user_id: user.id }).execute();
    const checking = await make.service(catalogueId, category, { name: unique("Prüfung"), status: "checking" });
    const draft = await make.service(catalogueId, category, { name: unique("Entwurf"), status: "open", updated_by: user.id });
    await make.service(catalogueId, category, { name: unique("Fremd"), status: "open", updated_by: keyuser.id });

    const mine = await myWork(t.db, user);
    // The most overdue first.
    expect(mine.responsible.rows.map((r) => r.id)).toEqual([direct, viaOwner]);
    expect(mine.responsible.total).toBe(2);
    expect(mine.toReview).toBeNull();
    expect(mine.drafts.rows.map((r) => r.id)).toEqual([draft]);

    const reviewer = await myWork(t.db, keyuser);
    expect(reviewer.toReview!.rows.map((r) => r.id)).toContain(checking);
    expect(reviewer.responsible.total).toBe(0);
    expect(reviewer.drafts.rows.map((r) => r.id)).not.toContain(draft);
  });
});
