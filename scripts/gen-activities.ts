/**
 * Generates audit activities for the logs benchmark and the logs' query-plan test: N activities
 * over the last `days` days (ids and times rising together, as the app writes them), by a few
 * dozen users (skewed: some do much more than others), a few by the system and by users deleted
 * since; mostly service changes, then sign-ins, structure, base data and user management, with
 * small JSON old/new values as the app records them.
 *
 *   DATABASE_URL=file:data/bench-logs.db tsx scripts/gen-activities.ts --activities 1000000 [--seed 7]
 *
 * Multi-row inserts of `batch` rows, all in one transaction on SQLite (one fsync), one per
 * 100 batches on Postgres (a shorter transaction, same speed). Deterministic for a given seed.
 * Works on SQLite and Postgres.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Insertable, Kysely } from "kysely";
import { createDb } from "../app/server/db/db.server";
import { migrateToLatest } from "../app/server/db/migrate.server";
import type { ActivitiesTable, Database } from "../app/server/db/schema";
import { isPostgresDb } from "../app/server/db-helpers.server";
import { createRng } from "./gen-catalogue";

export interface GenActivitiesOptions {
  count: number;
  /** The users who cause activities (must exist); a few more are written as deleted users. */
  causers: { id: number; name: string }[];
  seed?: number;
  days?: number;
  /** The time of the newest activity (default: now). */
  until?: Date;
  batch?: number;
  onProgress?: (written: number) => void;
}

/** Share of each kind of activity (subject type, event), in per mille. */
const MIX: ReadonlyArray<[string, string, number]> = [
  ["service", "updated", 430],
  ["service", "created", 40],
  ["service", "option_added", 40],
  ["service", "trashed", 10],
  ["service", "restored", 5],
  ["user", "login", 250],
  ["user", "updated", 15],
  ["user", "password_changed", 10],
  ["area", "updated", 20],
  ["category", "updated", 40],
  ["category", "created", 10],
  ["owner", "updated", 30],
  ["kpi", "updated", 20],
  ["provider", "updated", 20],
  ["tag", "created", 20],
  ["term_definition", "updated", 20],
  ["setting", "updated", 10],
  ["catalogue", "services_moved_in", 10],
];
const FIELDS = ["name", "status", "statuspercent", "short_description", "description", "costs", "servicetype"];
const WORDS = ["Notebook", "Bereitstellung", "Drucker", "Netzwerk", "Firewall", "Backup", "Telefonie", "Zugang", "Service", "Wartung", "Support", "Lizenz"];

/** Writes `count` activities; returns the time taken in ms. */
export async function generateActivities(db: Kysely<Database>, o: GenActivitiesOptions): Promise<number> {
  const started = performance.now();
  const rng = createRng(o.seed ?? 7);
  const batch = o.batch ?? 500;
  const days = o.days ?? 365;
  const until = (o.until ?? new Date()).getTime();
  const step = (days * 86_400_000) / Math.max(1, o.count);
  const mix = MIX.flatMap(([type, event, share]) => Array.from({ length: share }, () => [type, event] as const));
  const deleted = ["Ehemalige Mitarbeiterin", "Ehemaliger Admin", "Alter Dienstleister"];
  const words = (n: number) => Array.from({ length: n }, () => rng.pick(WORDS)).join(" ");

  const row = (i: number): Insertable<ActivitiesTable> => {
    const [subjectType, event] = rng.pick(mix);
    const who = rng.next();
    // 3 % by the system (no causer), 2 % by accounts deleted since (name kept, id gone).
    const causer = who < 0.03 ? null : who < 0.05 ? { id: null, name: rng.pick(deleted) } : rng.pickSkewed(o.causers);
    const field = rng.pick(FIELDS);
    const changed = event === "updated" && subjectType !== "user";
    const value = (n: number) => (field === "description" || field === "short_description" ? `<p>${words(n)}</p>` : field === "statuspercent" || field === "costs" ? rng.int(0, 100) : words(2));
    return {
      subject_type: subjectType,
      subject_id: String(rng.int(1, 50_000)),
      event,
      causer_id: causer?.id ?? null,
      causer_name: causer?.name ?? null,
      old_values: changed ? JSON.stringify({ [field]: value(12) }) : null,
      new_values: changed ? JSON.stringify({ [field]: value(14) }) : event === "created" ? JSON.stringify({ name: words(3) }) : null,
      description: null,
      created_at: new Date(until - (o.count - 1 - i) * step).toISOString(),
    };
  };

  const postgres = isPostgresDb(db);
  const perTransaction = postgres ? 100 * batch : o.count;
  for (let start = 0; start < o.count; start += perTransaction) {
    const end = Math.min(o.count, start + perTransaction);
    await db.transaction().execute(async (trx) => {
      for (let from = start; from < end; from += batch) {
        const rows = Array.from({ length: Math.min(batch, end - from) }, (_, k) => row(from + k));
        await trx.insertInto("activities").values(rows).execute();
        o.onProgress?.(from + rows.length);
      }
    });
  }
  return performance.now() - started;
}

/** The causers of generated activities: `n` users "Log-Nutzer 1…n" (created when missing). */
export async function ensureCausers(db: Kysely<Database>, n: number): Promise<{ id: number; name: string }[]> {
  const out: { id: number; name: string }[] = [];
  for (let i = 1; i <= n; i++) {
    const email = `log-user-${i}@bench.example`;
    const name = `Log-Nutzer ${i}`;
    const found = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
    const id = found?.id ?? (await db.insertInto("users").values({ name, email, password_hash: null, role: "keyuser" }).returning("id").executeTakeFirstOrThrow()).id;
    out.push({ id, name });
  }
  return out;
}

async function main() {
  const args = process.argv.slice(2);
  const arg = (name: string, fallback: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? (args[i + 1] ?? fallback) : fallback;
  };
  const count = Number(arg("--activities", "100000"));
  const db = createDb(process.env.DATABASE_URL);
  try {
    await migrateToLatest(db);
    const causers = await ensureCausers(db, Number(arg("--users", "40")));
    const ms = await generateActivities(db, { count, causers, seed: Number(arg("--seed", "7")) });
    console.log(`${count} activities in ${(ms / 1000).toFixed(1)} s`);
  } finally {
    await db.destroy();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
