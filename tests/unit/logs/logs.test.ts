import { beforeAll, describe, expect, it } from "vitest";
import { EMPTY_FILTER, parseLogsQuery, type LogsQuery } from "~/modules/logs/logs-query";
import { getLog, listLogs } from "~/modules/logs/logs.server";
import { recordActivity } from "~/server/audit.server";
import { factories } from "../../factories";
import { useTestDb } from "../../support/test-db";

/**
 * The logs list (issue 13 §5) on SQLite and Postgres: filters, keyset paging both ways, who did
 * it (also a deleted account), and the subject's name and page.
 */

const t = useTestDb();
let ada: { id: number; name: string };
let bob: { id: number; name: string };
let gone: { id: number; name: string };
/** Every activity the tests wrote, newest first. */
let all: { id: number; causer_id: number | null; subject_type: string; event: string; created_at: string }[];

const query = (q: Partial<LogsQuery> = {}): LogsQuery => ({ ...EMPTY_FILTER, before: null, after: null, ...q });
const ids = (page: { entries: { id: number }[] }) => page.entries.map((e) => e.id);

/** 120 activities, one every 30 minutes from 2025-03-09 00:00 UTC, by ada, bob, gone and the system in turn. */
async function write() {
  const start = Date.parse("2025-03-09T00:00:00.000Z");
  const kinds = [
    ["service", "updated"],
    ["user", "login"],
    ["category", "created"],
    ["owner", "deleted"],
  ] as const;
  const rows = Array.from({ length: 120 }, (_, i) => {
    const causer = [ada, bob, gone, null][i % 4];
    const [subject_type, event] = kinds[Math.floor(i / 4) % 4];
    return {
      subject_type,
      subject_id: String(1000 + i),
      event,
      causer_id: causer?.id ?? null,
      causer_name: causer?.name ?? null,
      old_values: JSON.stringify({ name: `Alt ${i}` }),
      new_values: JSON.stringify({ name: `Neu ${i}`, updated_at: "x" }),
      created_at: new Date(start + i * 30 * 60_000).toISOString(),
    };
  });
  const make = factories(t.db);
  for (const row of rows) await make.activity(row);
}

beforeAll(async () => {
  const make = factories(t.db);
  ada = await make.user("superadmin", { name: "Ada Admin" });
  bob = await make.user("keyuser", { name: "Bob Keynutzer" });
  gone = await make.user("keyuser", { name: "Gitta Gegangen" });
  // Only the backdated activities below: ids and times rise together, as the app writes them.
  await t.db.deleteFrom("activities").execute();
  await write();
  // The account is deleted after its activities: the activities keep its name, not its id.
  await t.db.deleteFrom("users").where("id", "=", gone.id).execute();
  all = await t.db.selectFrom("activities").select(["id", "causer_id", "subject_type", "event", "created_at"]).orderBy("id", "desc").execute();
});

describe("listLogs", () => {
  it("shows the newest 50 first, with a link to older ones only", async () => {
    const page = await listLogs(t.db, query());
    expect(ids(page)).toEqual(all.slice(0, 50).map((a) => a.id));
    expect(page.newer).toBeNull();
    expect(page.older).toBe(all[49].id);
  });

  it("pages down and back up without duplicates or gaps", async () => {
    const down: number[][] = [];
    let page = await listLogs(t.db, query(), 7);
    down.push(ids(page));
    while (page.older !== null) {
      page = await listLogs(t.db, query({ before: page.older }), 7);
      down.push(ids(page));
      expect(page.newer).toBe(down[down.length - 1][0]);
    }
    expect(down.flat()).toEqual(all.map((a) => a.id));
    expect(down.length).toBe(Math.ceil(all.length / 7));

    // Back up from the oldest page: the same pages in reverse (the top one fills up to the newest).
    const up: number[][] = [];
    let cursor = page.newer;
    while (cursor !== null) {
      const p = await listLogs(t.db, query({ after: cursor }), 7);
      up.push(ids(p));
      expect(p.older).toBe(p.entries[p.entries.length - 1].id);
      cursor = p.newer;
    }
    const seen = [...up.reverse().flat(), ...down[down.length - 1]];
    expect(seen).toEqual(all.map((a) => a.id));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("filters by user, subject type and event, alone and together, and pages within the filter", async () => {
    const byAda = all.filter((a) => a.causer_id === ada.id);
    const first = await listLogs(t.db, query({ user: ada.id }), 20);
    expect(ids(first)).toEqual(byAda.slice(0, 20).map((a) => a.id));
    const second = await listLogs(t.db, query({ user: ada.id, before: first.older }), 20);
    expect(ids(second)).toEqual(byAda.slice(20, 40).map((a) => a.id));
    expect(second.older).toBeNull();

    const logins = await listLogs(t.db, query({ subject: "user" }));
    expect(ids(logins)).toEqual(all.filter((a) => a.subject_type === "user").map((a) => a.id));
    expect(logins.entries.every((e) => e.event === "login")).toBe(true);

    const created = await listLogs(t.db, query({ event: "created", user: bob.id }));
    expect(ids(created)).toEqual(all.filter((a) => a.event === "created" && a.causer_id === bob.id).map((a) => a.id));
    expect(created.entries.length).toBeGreaterThan(0);

    expect((await listLogs(t.db, query({ event: "no_such_event" }))).entries).toEqual([]);
    expect((await listLogs(t.db, query({ user: 2_000_000_000 }))).entries).toEqual([]);
  });

  it("filters by days in central European time, both ends included", async () => {
    // 2025-03-10 in Berlin (CET, UTC+1) is 2025-03-09T23:00Z … 2025-03-10T22:59:59Z.
    const inDay = all.filter((a) => a.created_at >= "2025-03-09T23:00:00.000Z" && a.created_at < "2025-03-10T23:00:00.000Z");
    expect(inDay.length).toBe(48);
    const day = await listLogs(t.db, query({ from: "2025-03-10", to: "2025-03-10" }));
    expect(ids(day)).toEqual(inDay.map((a) => a.id));
    expect(day.older).toBeNull();

    const since = await listLogs(t.db, query({ from: "2025-03-11" }));
    expect(ids(since)).toEqual(all.filter((a) => a.created_at >= "2025-03-10T23:00:00.000Z").map((a) => a.id));
    const until = await listLogs(t.db, query({ to: "2025-03-09" }), 100);
    expect(ids(until)).toEqual(all.filter((a) => a.created_at < "2025-03-09T23:00:00.000Z").map((a) => a.id));

    const withUser = await listLogs(t.db, query({ from: "2025-03-10", to: "2025-03-10", user: bob.id }), 5);
    expect(ids(withUser)).toEqual(inDay.filter((a) => a.causer_id === bob.id).slice(0, 5).map((a) => a.id));
    expect((await listLogs(t.db, query({ from: "2030-01-01" }))).entries).toEqual([]);
    expect((await listLogs(t.db, query({ to: "2020-01-01" }))).entries).toEqual([]);
  });

  it("names who did it: the user, a deleted user by the name recorded, or the system", async () => {
    const page = await listLogs(t.db, query(), 4);
    const byRow = new Map(page.entries.map((e) => [all.find((a) => a.id === e.id), e.causer]));
    const causers = [...byRow.values()];
    expect(causers).toContainEqual({ id: ada.id, name: "Ada Admin", deleted: false, system: false });
    expect(causers).toContainEqual({ id: null, name: "Gitta Gegangen", deleted: true, system: false });
    expect(causers).toContainEqual({ id: null, name: null, deleted: false, system: true });
  });

  it("names the subject and links to its page while it exists", async () => {
    const make = factories(t.db);
    const catalogue = await make.catalogue();
    const serviceId = await make.service(catalogue, null, { name: "Drucken" });
    const cause = { id: ada.id, name: ada.name };
    await recordActivity(t.db, { subjectType: "service", subjectId: serviceId, event: "updated", causer: cause, oldValues: { name: "Druck" }, newValues: { name: "Drucken" } });
    await recordActivity(t.db, { subjectType: "area", subjectId: 999_999, event: "deleted", causer: cause, oldValues: { name: "Alter Bereich" } });
    await recordActivity(t.db, { subjectType: "customer_data", event: "updated", causer: cause, oldValues: { company: "A" }, newValues: { company: "B" } });
    // An id no table can hold (32-bit on Postgres) names nothing rather than failing the page.
    await recordActivity(t.db, { subjectType: "user", subjectId: "99999999999", event: "login", causer: cause });
    const [huge, customer, area, service] = (await listLogs(t.db, query({ user: ada.id }), 4)).entries;
    expect(huge.subject).toEqual({ type: "user", id: "99999999999", name: null, href: null });
    expect(service.subject).toEqual({ type: "service", id: String(serviceId), name: "Drucken", href: `/servicecatalog/service/${serviceId}` });
    expect(service.fields).toEqual(["name"]);
    expect(area.subject).toEqual({ type: "area", id: "999999", name: "Alter Bereich", href: null });
    expect(customer.subject.href).toBe("/basedata/customerdata");
  });
});

describe("getLog", () => {
  it("reads one activity with the names its changes point to, or null", async () => {
    const make = factories(t.db);
    const catalogue = await make.catalogue();
    const from = await make.category(catalogue, { name: "Vorher-Kategorie" });
    const to = await make.category(catalogue, { name: "Nachher-Kategorie" });
    await recordActivity(t.db, { subjectType: "service", subjectId: 1, event: "updated", causer: null, oldValues: { category_id: from }, newValues: { category_id: to } });
    const newest = await t.db.selectFrom("activities").select("id").orderBy("id", "desc").executeTakeFirstOrThrow();
    const log = await getLog(t.db, newest.id);
    expect(log?.names).toEqual({ [`category_id:${from}`]: "Vorher-Kategorie", [`category_id:${to}`]: "Nachher-Kategorie" });
    expect(log?.causer.system).toBe(true);
    expect(await getLog(t.db, newest.id + 1000)).toBeNull();
  });
});

describe("parseLogsQuery", () => {
  it("drops malformed values and names them, swaps a backward range, prefers before over after", () => {
    const { query: q, ignored } = parseLogsQuery(
      new URLSearchParams("user=abc&subject=Service%3B&event=updated&from=2025-02-30&to=2025-01-05&before=99999999999&after=12"),
    );
    expect(q).toMatchObject({ user: null, subject: null, event: "updated", from: null, to: "2025-01-05", before: null, after: 12 });
    expect(ignored.sort()).toEqual(["before", "from", "subject", "user"]);
    expect(parseLogsQuery(new URLSearchParams("from=2025-03-10&to=2025-03-01&before=5&after=9")).query).toMatchObject({ from: "2025-03-01", to: "2025-03-10", before: 5, after: null });
    expect(parseLogsQuery(new URLSearchParams("user=&event=")).ignored).toEqual([]);
  });
});
