import { sessionCookie } from "~/server/cookies.server";
import { createSession } from "~/modules/access/session.server";
import type { Role } from "~/modules/access/roles";
import type { DB } from "~/server/db/db.server";
import { factories } from "../factories";
import type { HostileValue } from "./hostile-values";
import {
  anyLoopback,
  crawl,
  FuzzReport,
  fuzzForms,
  fuzzQueries,
  pool,
  recheckPages,
  type Crawl,
  type FuzzOptions,
  type PageForm,
} from "./fuzz-crawler";
import { grantedService, ROLE_CRAWLS, type Found } from "./fuzz-roles";

export type { Found } from "./fuzz-roles";

/**
 * One fuzz run against a running ServiceHub on `db` (its own database: the fuzz changes settings,
 * users and rows): crawl as each role of ROLE_CRAWLS, each on its own; fuzz every form (deleting
 * ones last), then every query parameter, then fetch every page again for stored values. Used by
 * tests/e2e/fuzz.http.spec.ts and scripts/fuzz.ts.
 */
export interface FuzzRun {
  base: string;
  db: DB;
  valuesFor: (index: number) => readonly HostileValue[];
  maxPages: number;
  concurrency?: number;
  /** The sessions the crawl used (a new set otherwise). */
  cookie?: (role: string) => Promise<string>;
  log?: (line: string) => void;
  /** Fetch every page again afterwards and look for stored markers (the full run). */
  recheck?: boolean;
}

/**
 * Signed-in sessions per role, renewed when a fuzz request ended one or changed the account. A
 * `user` account gets the category of grantedService() to edit, as user management grants it.
 */
export function sessions(db: DB) {
  const make = factories(db);
  const cookies = new Map<string, string>();
  const accounts = new Map<string, number>();
  const pending = new Map<string, Promise<string>>();
  async function fresh(role: string): Promise<string> {
    const id = accounts.get(role);
    const account = id ? await db.selectFrom("users").select("role").where("id", "=", id).executeTakeFirst() : undefined;
    const cookie = cookies.get(role);
    const sessionId = cookie ? await sessionCookie.parse(cookie) : null;
    const session = sessionId ? await db.selectFrom("sessions").select("id").where("id", "=", String(sessionId)).executeTakeFirst() : undefined;
    if (account?.role === role && session) return cookie!;
    const userId = account?.role === role ? id! : (await make.user(role as Role)).id;
    const granted = role === "user" && userId !== id ? await grantedService(db) : undefined;
    if (granted) await make.grant(userId, { categoryId: granted.categoryId });
    accounts.set(role, userId);
    const next = (await sessionCookie.serialize(await createSession(db, userId, "fuzz"))).split(";")[0];
    cookies.set(role, next);
    return next;
  }
  return (role: string): Promise<string> => {
    if (role === "anonymous") return Promise.resolve("");
    // One check at a time per role, so parallel requests share one renewed session.
    const last = pending.get(role) ?? Promise.resolve("");
    const next = last.catch(() => "").then(() => fresh(role));
    pending.set(role, next);
    return next;
  };
}

/** Deleting forms last, so the rows the other forms edit are still there while they are fuzzed. */
const deleting = (form: PageForm) => /delete|remove|destroy|revoke|purge|signout|logout/i.test(`${form.action} ${form.submit?.value ?? ""}`);

/**
 * The crawls of `roles` (all of ROLE_CRAWLS by default), in ROLE_CRAWLS' order. Two at a time,
 * each one request at a time: the superadmin's crawl is as long as the others together, and five
 * at once on a loaded 2-core machine once ran into the server's 5 s render timeout.
 */
export async function crawlApp(base: string, db: DB, cookie: (role: string) => Promise<string>, maxPages: number, roles = ROLE_CRAWLS.map((r) => r.role)): Promise<Found> {
  const granted = (await grantedService(db))?.id;
  const chosen = ROLE_CRAWLS.filter((r) => roles.includes(r.role));
  const crawls = new Map<string, Crawl>();
  await pool(chosen, 2, async (r) => {
    crawls.set(r.role, await crawl(base, () => cookie(r.role), r.start(granted), Math.min(maxPages, r.maxPages ?? maxPages)));
  });
  return chosen.map((r) => ({ role: r.role, crawl: crawls.get(r.role)! }));
}

export async function runFuzz(run: FuzzRun, found: Found) {
  const log = run.log ?? (() => {});
  const options: FuzzOptions = { base: run.base, cookie: run.cookie ?? sessions(run.db), valuesFor: run.valuesFor, concurrency: run.concurrency ?? 3, clientAddress: anyLoopback, log };
  const report = new FuzzReport(run.log);
  const started = Date.now();
  // Deleting forms last; before them the least privileged role first, while the plain user's granted service is as seeded.
  const rank = (role: string) => -found.findIndex((f) => f.role === role);
  const forms = found.flatMap(({ role, crawl: c }) => c.forms.map((form) => ({ role, form })));
  forms.sort((a, b) => Number(deleting(a.form)) - Number(deleting(b.form)) || rank(a.role) - rank(b.role));
  const queries = found.flatMap(({ role, crawl: c }) => c.queries.map((link) => ({ role, link })));
  log(`crawled ${found.map((f) => `${f.role}: ${f.crawl.pages.length} pages, ${f.crawl.forms.length} forms, ${f.crawl.queries.length} links with parameters`).join("; ")}`);
  await fuzzForms(options, report, forms);
  log(`forms done: ${report.requests} requests, ${Math.round((Date.now() - started) / 1000)} s`);
  await fuzzQueries(options, report, queries, 1000);
  log(`parameters done: ${report.requests} requests, ${Math.round((Date.now() - started) / 1000)} s`);
  if (run.recheck !== false) await recheckPages(options, report, found.flatMap(({ role, crawl: c }) => c.pages.map((page) => ({ role, page }))));
  const summary = {
    pages: found.reduce((n, f) => n + f.crawl.pages.length, 0),
    forms: forms.length,
    ...report.summary(),
    seconds: Math.round((Date.now() - started) / 1000),
  };
  return { report, summary };
}
