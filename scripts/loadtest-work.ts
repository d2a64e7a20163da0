/**
 * The load test's traffic (scripts/loadtest.ts): N connections, each a loop of one request at a
 * time as a signed-in keyuser, a weighted mix of reads and writes through the real pages and
 * forms, until the time is up. Every request is timed and counted; every write the server
 * acknowledged (a redirect after the post) is recorded with the value that identifies it, so
 * the database can be checked for it afterwards (scripts/loadtest-verify.ts).
 */
import { postForm } from "./app-process";

export const KINDS = ["dashboard", "search", "service", "basedata-list", "create-service", "edit-service", "create-basedata"] as const;
export type Kind = (typeof KINDS)[number];
const WRITES: ReadonlySet<Kind> = new Set(["create-service", "edit-service", "create-basedata"]);
export const isWrite = (kind: Kind) => WRITES.has(kind);

/** Relative weights of what a connection does next (an edit also reads the service page first). */
export const WEIGHTS: Record<Kind, number> = {
  dashboard: 10,
  search: 15,
  service: 20,
  "basedata-list": 15,
  "create-service": 12,
  "edit-service": 18,
  "create-basedata": 10,
};

export const BASEDATA = [
  { entity: "owner", table: "owners", field: "name" },
  { entity: "provider", table: "providers", field: "name" },
  { entity: "kpis", table: "kpis", field: "name" },
  { entity: "termdefinitions", table: "term_definitions", field: "term" },
] as const;
export type BaseDataEntity = (typeof BASEDATA)[number]["entity"];

export interface Acked {
  services: { id: number; name: string }[];
  /** An edit of the service's costs field: the value written and the version the form carried. */
  edits: { serviceId: number; marker: string; version: string }[];
  basedata: { entity: BaseDataEntity; name: string }[];
}

export interface Tally {
  latencies: Record<Kind, number[]>;
  /** Answers by kind and status ("302", "409", "timeout", "error"). */
  statuses: Record<Kind, Record<string, number>>;
  requests: number;
  serverErrors: number;
  timeouts: number;
  /** Connection failures other than timeouts (reset, refused). */
  networkErrors: number;
  /** Edits refused because someone else saved the service first (409): expected under contention. */
  stale: number;
  /** Answers no request of this mix should get (a 400 for a valid form, a 404 for a known page …). */
  unexpected: number;
  examples: string[];
  /** Services with a write whose outcome is unknown (timeout, 5xx, network error). */
  uncertain: Set<number>;
}

export interface WorkContext {
  baseURL: string;
  /** One signed-in session per user; connection i uses cookies[i % n]. */
  cookies: string[];
  categoryIds: number[];
  /** Services to read and edit; created ones join. */
  serviceIds: number[];
  searchTerms: string[];
  /** Makes this run's values unique (several runs may share a database). */
  runId: string;
}

export interface WorkOptions {
  durationS: number;
  connections: number;
  timeoutMs: number;
  /** Called about once a second with the requests so far. */
  progress?: (requests: number, elapsedS: number) => void;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];

function pickKind(): Kind {
  const total = KINDS.reduce((sum, k) => sum + WEIGHTS[k], 0);
  let r = Math.random() * total;
  for (const kind of KINDS) {
    r -= WEIGHTS[kind];
    if (r < 0) return kind;
  }
  return "dashboard";
}

/** The version (`updated_at`) the service page's details form carries, as a browser would send it. */
export function detailsFormVersion(html: string): string | null {
  for (const form of html.matchAll(/<form\b[^>]*>([\s\S]*?)<\/form>/g)) {
    if (!/name="intent" value="details"/.test(form[1])) continue;
    return /name="updated_at" value="([^"]*)"/.exec(form[1])?.[1] ?? null;
  }
  return null;
}

export function emptyTally(): Tally {
  const perKind = <T>(make: () => T) => Object.fromEntries(KINDS.map((k) => [k, make()])) as Record<Kind, T>;
  return {
    latencies: perKind(() => []),
    statuses: perKind(() => ({})),
    requests: 0,
    serverErrors: 0,
    timeouts: 0,
    networkErrors: 0,
    stale: 0,
    unexpected: 0,
    examples: [],
    uncertain: new Set(),
  };
}

export async function runWorkload(ctx: WorkContext, o: WorkOptions): Promise<{ tally: Tally; acked: Acked; elapsedS: number }> {
  const tally = emptyTally();
  const acked: Acked = { services: [], edits: [], basedata: [] };
  const started = performance.now();
  const deadline = started + o.durationS * 1000;
  let counter = 0;
  const marker = (what: string) => `LT ${ctx.runId} ${what} ${++counter}`;

  const note = (kind: Kind, status: string, ms: number | null) => {
    tally.requests++;
    tally.statuses[kind][status] = (tally.statuses[kind][status] ?? 0) + 1;
    if (ms !== null) tally.latencies[kind].push(ms);
  };
  const unexpected = (what: string) => {
    tally.unexpected++;
    if (tally.examples.length < 10) tally.examples.push(what);
  };

  /** One request, timed; null when it got no answer (timeout or network error, counted here). */
  async function request(kind: Kind, send: () => Promise<Response>): Promise<{ status: number; body: string; location: string } | null> {
    const t0 = performance.now();
    try {
      const response = await send();
      const body = await response.text();
      const ms = performance.now() - t0;
      note(kind, String(response.status), ms);
      if (response.status >= 500) {
        tally.serverErrors++;
        if (tally.examples.length < 10) tally.examples.push(`${kind}: ${response.status} ${body.slice(0, 120)}`);
      }
      return { status: response.status, body, location: response.headers.get("location") ?? "" };
    } catch (error) {
      const timeout = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      note(kind, timeout ? "timeout" : "error", null);
      if (timeout) tally.timeouts++;
      else {
        tally.networkErrors++;
        if (tally.examples.length < 10) tally.examples.push(`${kind}: ${error instanceof Error ? `${error.message} ${String((error.cause as Error | undefined)?.message ?? "")}` : String(error)}`);
      }
      return null;
    }
  }

  const get = (kind: Kind, cookie: string, pathname: string) =>
    request(kind, () => fetch(`${ctx.baseURL}${pathname}`, { redirect: "manual", headers: { Cookie: cookie }, signal: AbortSignal.timeout(o.timeoutMs) }));
  const post = (kind: Kind, cookie: string, pathname: string, fields: Record<string, string>) =>
    request(kind, () => postForm(ctx.baseURL, pathname, cookie, fields, o.timeoutMs));

  async function read(kind: Kind, cookie: string, pathname: string) {
    const answer = await get(kind, cookie, pathname);
    if (answer && answer.status !== 200 && answer.status < 500) unexpected(`${kind} ${pathname}: ${answer.status}`);
    return answer;
  }

  const acts: Record<Kind, (cookie: string) => Promise<unknown>> = {
    dashboard: (cookie) => read("dashboard", cookie, "/dashboard"),
    search: (cookie) => read("search", cookie, `/servicecatalog?q=${encodeURIComponent(pick(ctx.searchTerms))}`),
    service: (cookie) => read("service", cookie, `/servicecatalog/service/${pick(ctx.serviceIds)}`),
    "basedata-list": (cookie) => read("basedata-list", cookie, `/basedata/${pick(BASEDATA).entity}`),
    "create-service": async (cookie) => {
      const name = marker("Dienst");
      const answer = await post("create-service", cookie, "/servicecatalog/new?type=service", { type: "service", name, category: String(pick(ctx.categoryIds)) });
      if (!answer || answer.status >= 500) return;
      const id = Number(/\/servicecatalog\/service\/(\d+)/.exec(answer.location)?.[1]);
      if (answer.status >= 300 && answer.status < 400 && id > 0) {
        acked.services.push({ id, name });
        ctx.serviceIds.push(id);
      } else unexpected(`create-service: ${answer.status} ${answer.location}`);
    },
    "edit-service": async (cookie) => {
      const id = pick(ctx.serviceIds);
      const page = await read("service", cookie, `/servicecatalog/service/${id}`);
      if (!page || page.status !== 200) return;
      const version = detailsFormVersion(page.body);
      if (!version) return unexpected(`edit-service ${id}: the page has no details form`);
      const value = marker("Kosten");
      const answer = await post("edit-service", cookie, `/servicecatalog/service/${id}`, { intent: "details", updated_at: version, costs: value });
      if (!answer || answer.status >= 500) {
        tally.uncertain.add(id);
        return;
      }
      if (answer.status >= 300 && answer.status < 400) acked.edits.push({ serviceId: id, marker: value, version });
      else if (answer.status === 409) tally.stale++;
      else unexpected(`edit-service ${id}: ${answer.status}`);
    },
    "create-basedata": async (cookie) => {
      const { entity, field } = pick(BASEDATA);
      const name = marker(entity);
      const answer = await post("create-basedata", cookie, `/basedata/${entity}/new`, { [field]: name });
      if (!answer || answer.status >= 500) return;
      if (answer.status >= 300 && answer.status < 400) acked.basedata.push({ entity, name });
      else unexpected(`create-basedata ${entity}: ${answer.status}`);
    },
  };

  const ticker = o.progress
    ? setInterval(() => o.progress!(tally.requests, (performance.now() - started) / 1000), 1000)
    : null;
  await Promise.all(
    Array.from({ length: o.connections }, async (_, i) => {
      const cookie = ctx.cookies[i % ctx.cookies.length];
      while (performance.now() < deadline) await acts[pickKind()](cookie);
    }),
  );
  if (ticker) clearInterval(ticker);
  return { tally, acked, elapsedS: (performance.now() - started) / 1000 };
}
