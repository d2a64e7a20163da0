import { describe, expect, it } from "vitest";
import { DEFAULT_QUERY } from "~/modules/catalogue/catalogue-query";
import { searchServices } from "~/modules/catalogue/service-search.server";
import { reviewFigures } from "~/modules/reports/review-figures.server";
import { factories, unique } from "../../factories";
import { useTestDb } from "../../support/test-db";

// The reports' and the browser's review figures (issue 36 §1) count the same services.
// Runs on SQLite by default and on Postgres with DATABASE_URL=postgres://…

const t = useTestDb();
const make = factories(() => t.db);
const day = 86_400_000;

describe("due and overdue reviews", () => {
  it("are counted per owner and per category, and the browser's filter lists exactly those services", async () => {
    const catalogueId = await make.catalogue({ title: unique("Prüfbericht") });
    const [network, desk] = [await make.category(catalogueId, { name: "Netz" }), await make.category(catalogueId, { name: "Arbeitsplatz" })];
    const [anna, ben] = [await make.owner({ name: "Anna Owner" }), await make.owner({ name: "Ben Owner" })];
    const now = Date.now();
    // 12-month interval: reviewed 13 months ago → overdue; 11.5 months ago → due; 2 months ago → neither.
    const reviewed = (daysAgo: number) => new Date(now - daysAgo * day).toISOString();
    const add = (category: number, daysAgo: number, owners: number[] = []) =>
      make.service(catalogueId, category, { name: unique("S"), last_reviewed_at: reviewed(daysAgo), owners });
    const overdueBoth = await add(network, 400, [anna, ben]);
    const dueAnna = await add(network, 350, [anna]);
    const overdueNobody = await add(desk, 420);
    await add(desk, 60, [ben]);
    await make.service(catalogueId, desk, { name: unique("Ohne Prüfung"), last_reviewed_at: reviewed(400), review_interval_months: 0 });

    const figures = await reviewFigures(t.db, catalogueId);
    expect({ due: figures.due, overdue: figures.overdue }).toEqual({ due: 1, overdue: 2 });
    const byName = (rows: typeof figures.owners) => Object.fromEntries(rows.map((r) => [r.name ?? "—", [r.due, r.overdue]]));
    expect(byName(figures.owners)).toEqual({ "Anna Owner": [1, 1], "Ben Owner": [0, 1], "—": [0, 1] });
    expect(byName(figures.categories)).toEqual({ Netz: [1, 1], Arbeitsplatz: [0, 1] });

    const listed = async (review: ("due" | "overdue")[], change = {}) =>
      (await searchServices(t.db, catalogueId, { ...DEFAULT_QUERY, review, ...change }, { pageSize: 100 })).rows.map((r) => r.id).sort((a, b) => a - b);
    expect(await listed(["overdue"])).toEqual([overdueBoth, overdueNobody].sort((a, b) => a - b));
    expect(await listed(["due"])).toEqual([dueAnna]);
    expect(await listed(["due", "overdue"])).toEqual([overdueBoth, dueAnna, overdueNobody].sort((a, b) => a - b));
    expect(await listed(["overdue"], { owners: [anna] })).toEqual([overdueBoth]);
    expect(await listed(["overdue"], { categories: [desk] })).toEqual([overdueNobody]);
  });
});
