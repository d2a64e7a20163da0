import { sql } from "kysely";
import { dueSoonLimit } from "~/modules/service/review-cadence";
import { nextReviewSql } from "~/modules/service/review-cadence.server";
import type { Executor } from "~/server/audit.server";

/**
 * The reports' review figures (issue 36 §1): services due soon and overdue, in total, per owner
 * (a service with two owners counts for both; "without owner" separately) and per category. Not
 * memoised with the other figures: they change with the clock, not only with writes. The browser
 * filter `review=` uses the same SQL (review-cadence.server.ts), so a count and its list agree.
 */
export interface ReviewCount {
  id: number | null;
  name: string | null;
  due: number;
  overdue: number;
}

export interface ReviewFigures {
  due: number;
  overdue: number;
  owners: ReviewCount[];
  categories: ReviewCount[];
}

const num = (value: unknown) => Number(value ?? 0);

export async function reviewFigures(db: Executor, catalogueId: number, stages: readonly string[] = [], now = new Date()): Promise<ReviewFigures> {
  const at = now.toISOString();
  const soon = dueSoonLimit(now).toISOString();
  // Each live service's next review once; the groupings read the due and overdue ones.
  const base = sql`(select s.id, s.category_id, ${nextReviewSql} as next from services s where s.service_catalogue_id = ${catalogueId} and s.deleted_at is null ${stages.length ? sql`and s.stage in (${sql.join([...stages])})` : sql``})`;
  const flagged = sql`(select x.id, x.category_id, case when x.next < ${at} then 1 else 0 end as o, case when x.next >= ${at} and x.next < ${soon} then 1 else 0 end as d from ${base} x where x.next < ${soon})`;
  const [totals, owners, categories] = await Promise.all([
    sql<{ d: unknown; o: unknown }>`select sum(f.d) as d, sum(f.o) as o from ${flagged} f`.execute(db),
    sql<{ id: number | null; name: string | null; d: unknown; o: unknown }>`
      select w.id, w.name, sum(f.d) as d, sum(f.o) as o
      from ${flagged} f left join service_owners j on j.service_id = f.id left join owners w on w.id = j.owner_id
      group by w.id, w.name
      order by sum(f.o) desc, sum(f.d) desc, lower(w.name), w.id`.execute(db),
    sql<{ id: number | null; name: string | null; d: unknown; o: unknown }>`
      select c.id, c.name, sum(f.d) as d, sum(f.o) as o
      from ${flagged} f left join service_categories c on c.id = f.category_id
      group by c.id, c.name
      order by sum(f.o) desc, sum(f.d) desc, lower(c.name), c.id`.execute(db),
  ]);
  const counts = (rows: { id: number | null; name: string | null; d: unknown; o: unknown }[]) => rows.map((r) => ({ id: r.id, name: r.name, due: num(r.d), overdue: num(r.o) }));
  return { due: num(totals.rows[0]?.d), overdue: num(totals.rows[0]?.o), owners: counts(owners.rows), categories: counts(categories.rows) };
}
