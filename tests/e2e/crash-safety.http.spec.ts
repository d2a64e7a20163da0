import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { setCurrentCatalogue } from "~/modules/catalogue/catalogue.server";
import { createDb } from "~/server/db/db.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { postForm, signIn, startApp, type AppProcess } from "../../scripts/app-process";
import { factories } from "../factories";
import { expect, test } from "../support/fixtures";

/**
 * Crash safety (issue 21 §4): the app, on its own SQLite database, is killed with SIGKILL while
 * 20 connections create services through the create menu. Every create it acknowledged (the
 * redirect to the new service) is in the database afterwards, `PRAGMA integrity_check` says ok
 * (read by a fresh connection, so SQLite recovers from the write-ahead log as after a real
 * crash), and the restarted app serves the data and the session signed in before the crash.
 */

const CONNECTIONS = 20;
/** Acknowledged creates before the kill: the burst is well under way by then. */
const KILL_AFTER = 40;

test("SIGKILL during a write burst loses no acknowledged write; the database is intact and the app serves again", async () => {
  test.setTimeout(120_000);
  const dir = path.join(process.env.E2E_RUN_DIR ?? "data/e2e", `crash-${crypto.randomBytes(4).toString("hex")}`);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "servicehub.db");
  const databaseUrl = `file:${file}`;
  let app: AppProcess | null = null;
  try {
    const setup = createDb(databaseUrl);
    await migrateToLatest(setup);
    const make = factories(setup);
    const user = await make.user("keyuser");
    const catalogueId = await make.catalogue();
    const categoryId = await make.category(catalogueId);
    await setCurrentCatalogue(setup, user.id, catalogueId);
    // Nothing but the app holds the database open when it dies.
    await setup.destroy();

    app = await startApp({ databaseUrl, workers: "1", output: "ignore" });
    const running = app;
    const cookie = await signIn(running.baseURL, user.email, user.password);
    const marker = crypto.randomBytes(3).toString("hex");
    const acked: { id: number; name: string }[] = [];
    let cutOff = 0;
    let stopping = false;
    let killing: Promise<void> | null = null;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, c) => {
        for (let n = 0; !stopping; n++) {
          const name = `Absturz ${marker} ${c}-${n}`;
          try {
            const response = await postForm(running.baseURL, "/servicecatalog/new?type=service", cookie, { type: "service", name, category: String(categoryId) }, 60_000);
            await response.text();
            const id = Number(/\/servicecatalog\/service\/(\d+)/.exec(response.headers.get("location") ?? "")?.[1]);
            expect(response.status, name).toBe(302);
            acked.push({ id, name });
          } catch (error) {
            if (!stopping) throw error;
            // The kill cut this request off: its outcome is unknown, and that is allowed.
            cutOff++;
            return;
          }
          if (acked.length >= KILL_AFTER && !stopping) {
            stopping = true;
            killing = running.kill();
          }
        }
      }),
    );
    await killing;
    expect(running.child.signalCode).toBe("SIGKILL");
    // The kill came in the middle of the burst: other creates were on their way.
    expect(cutOff).toBeGreaterThan(0);

    // A fresh connection after the crash: SQLite rebuilds its state from the write-ahead log.
    const sqlite = new SQLite(file);
    try {
      expect(sqlite.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(sqlite.pragma("foreign_key_check")).toEqual([]);
      const rows = sqlite.prepare(`select id, name from services where category_id = ? and deleted_at is null`).all(categoryId) as { id: number; name: string }[];
      const stored = new Map(rows.map((r) => [r.id, r.name]));
      const lost = acked.filter((a) => stored.get(a.id) !== a.name);
      expect(lost, "acknowledged creates missing after the crash").toEqual([]);
      // Each acknowledged create wrote its audit activity in the same transaction.
      const audited = sqlite.prepare(`select count(*) as n from activities where subject_type = 'service' and event = 'created' and subject_id in (${acked.map(() => "?").join(",")})`).get(...acked.map((a) => String(a.id))) as { n: number };
      expect(audited.n).toBe(acked.length);
    } finally {
      sqlite.close();
    }

    // Restarted on the same database, the app serves the data and the earlier session.
    app = await startApp({ databaseUrl, workers: "1", output: "ignore" });
    const last = acked[acked.length - 1];
    const page = await fetch(`${app.baseURL}/servicecatalog/service/${last.id}`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(last.name);
    const created = await postForm(app.baseURL, "/servicecatalog/new?type=service", cookie, { type: "service", name: `Nach dem Absturz ${marker}`, category: String(categoryId) });
    expect(created.status).toBe(302);
  } finally {
    await app?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
