import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { EMPTY_FILTER, type LogsQuery } from "~/modules/logs/logs-query";
import { judgePlan, listLogs, logsPagePlan } from "~/modules/logs/logs.server";
import { isPostgresDb } from "~/server/db-helpers.server";
import { ensureCausers, generateActivities } from "../../../scripts/gen-activities";
import { useTestDb } from "../../support/test-db";

/**
 * The logs list reads a page through an index in id order, never sorting or scanning the table,
 * alone and with each filter (issue 13 §6; the bench checks the same at a million activities).
 * 20,000 activities: enough that Postgres prefers an index to reading the table.
 * Runs on SQLite by default and on Postgres with DATABASE_URL=postgres://…
 */

const t = useTestDb();
let causer: number;
let cursor: number;

const query = (q: Partial<LogsQuery> = {}): LogsQuery => ({ ...EMPTY_FILTER, before: null, after: null, ...q });

beforeAll(async () => {
  const causers = await ensureCausers(t.db, 40);
  causer = causers[10].id;
  await generateActivities(t.db, { count: 20_000, causers, days: 60, until: new Date("2025-06-30T12:00:00Z"), batch: 400 });
  // Postgres plans from statistics (autovacuum gathers them in production); SQLite runs without.
  if (isPostgresDb(t.db)) await sql`analyze activities`.execute(t.db);
  cursor = (await listLogs(t.db, query())).older as number;
}, 60_000);

describe("the logs page's query plan", () => {
  const cases: [string, () => Partial<LogsQuery>, RegExp][] = [
    ["first page", () => ({}), /primary key|activities_pkey/],
    ["an older page", () => ({ before: cursor }), /primary key|activities_pkey/],
    ["a newer page", () => ({ after: cursor }), /primary key|activities_pkey/],
    ["by user", () => ({ user: causer }), /activities_causer_id_id_idx/],
    ["by user, older page", () => ({ user: causer, before: cursor }), /activities_causer_id_id_idx/],
    ["by event", () => ({ event: "password_changed" }), /activities_event_id_idx/],
    ["by subject type", () => ({ subject: "kpi" }), /activities_subject_type_id_idx/],
    ["by user and event", () => ({ user: causer, event: "login" }), /activities_(causer_id|event)_id_idx/],
    ["by event and subject type", () => ({ event: "updated", subject: "kpi" }), /activities_(event|subject_type)_id_idx/],
    ["by user and a week", () => ({ user: causer, from: "2025-06-01", to: "2025-06-07" }), /activities_causer_id_id_idx/],
    ["by a week", () => ({ from: "2025-06-01", to: "2025-06-07" }), /primary key|activities_pkey/],
  ];
  for (const [name, q, index] of cases) {
    it(`${name}: through an index (SQLite: ${index.source})`, async () => {
      const plan = await logsPagePlan(t.db, query(q()));
      const text = plan.lines.join("\n");
      expect(plan.indexed, text).toBe(true);
      // Postgres picks among the indexes by its statistics; SQLite always reads the filter's own.
      if (!isPostgresDb(t.db)) expect(plan.index, text).toMatch(index);
    });
  }

  it("notices a plan that sorts or scans the table (the check itself can fail)", () => {
    expect(judgePlan(["SCAN activities", "USE TEMP B-TREE FOR ORDER BY"], false, false).indexed).toBe(false);
    expect(judgePlan(["SEARCH activities USING INDEX activities_event_id_idx (event=?)"], false, true)).toEqual({ index: "activities_event_id_idx", indexed: true, sorts: false });
    expect(judgePlan(["SCAN activities"], false, true).indexed).toBe(false);
    expect(judgePlan(["SEARCH activities USING INDEX activities_created_at_idx (created_at>?)", "USE TEMP B-TREE FOR ORDER BY"], false, false).indexed).toBe(false);
    expect(judgePlan(["Limit  (cost=1.2..1.3 rows=51 width=8)", "  ->  Sort  (cost=1.2..1.3 rows=51 width=8)", "        ->  Seq Scan on activities"], true, true).indexed).toBe(false);
    expect(judgePlan(["Limit", "  ->  Index Scan Backward using activities_event_id_idx on activities"], true, true)).toEqual({ index: "activities_event_id_idx", indexed: true, sorts: false });
  });
});
