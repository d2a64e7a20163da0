import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { addMonthsIso } from "~/lib/months";
import type { Role } from "~/modules/access/roles";
import { nextReviewAt, reviewState } from "~/modules/service/review-cadence";
import { confirmReview, nextReviewSql, reviewCondition, reviewInfo, setCatalogueReviewInterval } from "~/modules/service/review-cadence.server";
import { updateServiceBasics } from "~/modules/service/service.server";
import { listActivitiesFor } from "~/server/audit.server";
import { StaleRecordError } from "~/server/errors.server";
import { factories, unique } from "../../factories";
import { useTestDb } from "../../support/test-db";
import { rejection } from "../../support/rejection";

// Review cadence (issue 36 §1, decision 0074): the next review from the last one (or the
// creation), the catalogue's interval or the service's own, approvals and "still accurate".
// Runs on SQLite by default and on Postgres with DATABASE_URL=postgres://…

const t = useTestDb();
const make = factories(() => t.db);
let catalogueId: number;
let categoryId: number;
const editors: Record<"keyuser" | "superadmin", { id: number; name: string; role: Role }> = {} as never;
const NOW = new Date("2026-06-15T10:00:00.000Z");

async function service(created: string, over: Record<string, unknown> = {}) {
  return make.service(catalogueId, categoryId, { name: unique("Prüfservice"), created_at: created, updated_at: created, ...over });
}

async function nextOf(id: number) {
  const row = await t.db.selectFrom("services as s").select(nextReviewSql.as("next")).where("s.id", "=", id).executeTakeFirstOrThrow();
  return row.next;
}

async function matching(state: "due" | "overdue", ids: number[]) {
  const rows = await t.db.selectFrom("services as s").select("s.id").where("s.id", "in", ids).where(reviewCondition(state, NOW)).orderBy("s.id").execute();
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  for (const role of ["keyuser", "superadmin"] as const) {
    const u = await make.user(role, { name: `Prüfer ${role}`, email: `${role}@review-cadence.test` });
    editors[role] = { id: u.id, name: u.name, role };
  }
  catalogueId = await make.catalogue({ title: unique("Prüfkatalog") });
  categoryId = await make.category(catalogueId, { name: unique("Prüfkategorie") });
});

describe("months", () => {
  it("adds calendar months and keeps the day inside the month, in JS and in the database alike", async () => {
    const cases: [string, number, string][] = [
      ["2026-01-31T08:30:00.000Z", 1, "2026-02-28T08:30:00.000Z"],
      ["2027-01-31T08:30:00.000Z", 13, "2028-02-29T08:30:00.000Z"],
      ["2026-03-15T23:59:59.999Z", 12, "2027-03-15T23:59:59.999Z"],
      ["2026-11-30T00:00:00.000Z", 3, "2027-02-28T00:00:00.000Z"],
    ];
    for (const [base, months, expected] of cases) {
      expect(addMonthsIso(base, months)).toBe(expected);
      const { rows } = await sql<{ next: string }>`select add_months(${base}, ${months}) as next`.execute(t.db);
      expect(rows[0].next).toBe(expected);
    }
  });
});

describe("the next review", () => {
  it("follows the catalogue's interval, a service's own, and none at 0", async () => {
    const plain = await service("2025-01-10T09:00:00.000Z");
    const six = await service("2025-01-10T09:00:00.000Z", { review_interval_months: 6 });
    const none = await service("2025-01-10T09:00:00.000Z", { review_interval_months: 0 });
    const reviewed = await service("2024-01-10T09:00:00.000Z", { last_reviewed_at: "2026-02-01T12:00:00.000Z" });
    expect(await nextOf(plain)).toBe("2026-01-10T09:00:00.000Z");
    expect(await nextOf(six)).toBe("2025-07-10T09:00:00.000Z");
    expect(await nextOf(none)).toBeNull();
    expect(await nextOf(reviewed)).toBe("2027-02-01T12:00:00.000Z");
    // The JS twin agrees.
    expect(nextReviewAt({ created_at: "2025-01-10T09:00:00.000Z", last_reviewed_at: null }, 12)).toBe("2026-01-10T09:00:00.000Z");

    // On 15 June 2026: the plain and the six-month one are overdue, the reviewed one is not.
    expect(await matching("overdue", [plain, six, none, reviewed])).toEqual([plain, six]);
    expect(await matching("due", [plain, six, none, reviewed])).toEqual([]);

    // A catalogue interval of 24 months moves the plain one out of "overdue"; 0 switches it off.
    const other = await make.catalogue({ title: unique("Zweijahreskatalog") });
    const otherCategory = await make.category(other, { name: unique("Kategorie") });
    const late = await make.service(other, otherCategory, { name: unique("Spät"), created_at: "2024-07-01T00:00:00.000Z", updated_at: "2024-07-01T00:00:00.000Z" });
    expect(await matching("overdue", [late])).toEqual([late]);
    expect(await setCatalogueReviewInterval(t.db, other, 24, editors.superadmin)).toBe(true);
    expect(await nextOf(late)).toBe("2026-07-01T00:00:00.000Z");
    expect(await matching("overdue", [late])).toEqual([]);
    expect(await matching("due", [late])).toEqual([late]);
    expect(reviewState("2026-07-01T00:00:00.000Z", NOW)).toBe("due");
    expect(await setCatalogueReviewInterval(t.db, other, 24, editors.superadmin)).toBe(false);
    await setCatalogueReviewInterval(t.db, other, 0, editors.superadmin);
    expect(await nextOf(late)).toBeNull();
    const changes = await listActivitiesFor(t.db, "catalogue", other);
    // Newest first.
    expect(changes.map((a) => [JSON.parse(a.old_values!), JSON.parse(a.new_values!)])).toEqual([
      [{ review_interval_months: 24 }, { review_interval_months: 0 }],
      [{ review_interval_months: 12 }, { review_interval_months: 24 }],
    ]);
    await expect(setCatalogueReviewInterval(t.db, other, 121, editors.superadmin)).rejects.toThrow(RangeError);
  });
});

describe("reviews", () => {
  it("approving stamps the review, with the approver; the override is saved with the basics", async () => {
    const id = await service("2024-03-01T00:00:00.000Z", { status: "checking" });
    const before = await t.db.selectFrom("services").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow();
    await updateServiceBasics(
      t.db,
      id,
      { name: "Geprüft", category_id: categoryId, servicetype: "customer", status: "closed", statuspercent: 100, servicechangeplanned: 0, review_interval_months: 3 },
      before.updated_at,
      editors.keyuser,
    );
    const info = await reviewInfo(t.db, id, NOW);
    expect(info).toMatchObject({ lastReviewedBy: editors.keyuser.name, own: 3, catalogue: 12 });
    expect(Date.now() - new Date(info!.lastReviewedAt!).getTime()).toBeLessThan(60_000);
    expect(info!.next).toBe(addMonthsIso(info!.lastReviewedAt!, 3));

    // A later save without approving leaves the review as it was; a bulk change (no interval) keeps the override.
    const after = await t.db.selectFrom("services").select(["updated_at", "last_reviewed_at"]).where("id", "=", id).executeTakeFirstOrThrow();
    await updateServiceBasics(t.db, id, { name: "Geprüft 2", category_id: categoryId, servicetype: "customer", status: "closed", statuspercent: 100, servicechangeplanned: 0 }, after.updated_at, editors.keyuser);
    const row = await t.db.selectFrom("services").select(["last_reviewed_at", "review_interval_months"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toEqual({ last_reviewed_at: after.last_reviewed_at, review_interval_months: 3 });
  });

  it("'still accurate' records a review and an activity, keeps the version, and is refused when stale", async () => {
    const id = await service("2024-03-01T00:00:00.000Z");
    const { updated_at } = await t.db.selectFrom("services").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow();
    expect(await matching("overdue", [id])).toEqual([id]);
    await confirmReview(t.db, id, updated_at, editors.superadmin);
    const row = await t.db.selectFrom("services").select(["updated_at", "last_reviewed_at", "last_reviewed_by"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.updated_at).toBe(updated_at);
    expect(row.last_reviewed_by).toBe(editors.superadmin.id);
    expect(await matching("overdue", [id])).toEqual([]);
    const events = await listActivitiesFor(t.db, "service", id);
    expect(events.map((e) => [e.event, e.causer_id, JSON.parse(e.new_values!)])).toEqual([["review_confirmed", editors.superadmin.id, { last_reviewed_at: row.last_reviewed_at }]]);

    expect(await rejection(confirmReview(t.db, id, "2020-01-01T00:00:00.000Z", editors.superadmin))).toBeInstanceOf(StaleRecordError);
    const again = await t.db.selectFrom("services").select("last_reviewed_at").where("id", "=", id).executeTakeFirstOrThrow();
    expect(again.last_reviewed_at).toBe(row.last_reviewed_at);
  });
});
