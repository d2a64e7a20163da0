/**
 * The logic of `npm run budget` (scripts/bundle-budget.ts, decision 0064): what a page loads in
 * the production build, its gzip size, and the report against the limits and the recorded
 * figures. Pure functions over the build's manifests, so tests/unit/scripts/bundle-budget.test.ts
 * checks them on tiny fake builds.
 */
import { matchRoutes } from "@remix-run/react";

/** A route of the server build (`routes` of build/server/index.js), as Remix matches it. */
export interface ServerRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

/** Remix's assets manifest (`assets` of build/server/index.js): what each route's page loads. */
export interface AssetsManifest {
  entry: { module: string; imports: string[]; css?: string[] };
  routes: Record<string, { module: string; imports?: string[]; css?: string[] }>;
}

/** Vite's client manifest: chunk key (source path, or `_name-hash.js`) → chunk. */
export type ViteManifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

export interface BuildInfo {
  routes: ServerRoute[];
  assets: AssetsManifest;
  /** Route id → the translation namespaces its `handle.i18n` declares. */
  namespaces: Record<string, string[]>;
  /** Route ids whose `handle.hydrate` is false: their pages are sent without scripts (decision 0067). */
  staticRoutes?: string[];
  client: ViteManifest;
  /** Prefix of the files in the assets manifest ("/"), so Vite's `assets/x.js` becomes `/assets/x.js`. */
  publicPath: string;
}

export interface Limits {
  /** KB (1024 bytes) of gzip -9. */
  signedInJsKB: number;
  publicJsKB: number;
  cssKB: number;
}

/** Issue 34 §3. */
export const DEFAULT_LIMITS: Limits = { signedInJsKB: 170, publicJsKB: 110, cssKB: 35 };

export interface BudgetRecord {
  about?: string;
  limits: Limits;
  recorded?: string;
  build?: string;
  /** Chunk name (file name without hash) → gzip bytes. */
  chunks: Record<string, number>;
  /** Screen → gzip bytes of its JavaScript and CSS. */
  screens: Record<string, { js: number; css: number }>;
}

/** The route ids a URL matches, root first — Remix's own tree and matcher (server-runtime createRoutes). */
export function matchRouteIds(routes: ServerRoute[], url: string): string[] | null {
  type Node = ServerRoute & { children: Node[] };
  const byParent = new Map<string, ServerRoute[]>();
  for (const route of routes) byParent.set(route.parentId ?? "", [...(byParent.get(route.parentId ?? "") ?? []), route]);
  const tree = (parentId: string): Node[] => (byParent.get(parentId) ?? []).map((route) => ({ ...route, children: tree(route.id) }));
  const pathname = new URL(url, "http://screen").pathname;
  const matches = matchRoutes(tree("") as Parameters<typeof matchRoutes>[0], pathname);
  return matches?.map((match) => (match.route as Node).id) ?? null;
}

/** `handle.i18n` of a route module: remix-i18next allows one name or a list. */
export function handleNamespaces(handle: unknown): string[] {
  const i18n = (handle as { i18n?: unknown } | undefined)?.i18n;
  if (typeof i18n === "string") return [i18n];
  return Array.isArray(i18n) ? i18n.filter((ns): ns is string => typeof ns === "string") : [];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The chunks holding the given namespaces' text in one language (`app/i18n/locales/<ns>.<lng>.ts`
 * or `app/modules/<module>/i18n/<ns>.<lng>.ts`), with their static imports. A namespace without
 * a chunk of its own (bundled into a module the page imports anyway, or missing) is listed.
 */
export function translationAssets(namespaces: string[], client: ViteManifest, lng: string, publicPath: string) {
  const js = new Set<string>();
  const css = new Set<string>();
  const missing: string[] = [];
  const add = (key: string) => {
    const chunk = client[key];
    if (!chunk || js.has(publicPath + chunk.file)) return;
    js.add(publicPath + chunk.file);
    for (const file of chunk.css ?? []) css.add(publicPath + file);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  for (const ns of namespaces) {
    const source = new RegExp(`^app/(i18n/locales|modules/[^/]+/i18n)/${escape(ns)}\\.${escape(lng)}\\.[jt]s$`);
    const key = Object.keys(client).find((k) => source.test(k));
    if (key) add(key);
    else missing.push(ns);
  }
  return { js: [...js], css: [...css], missing };
}

export interface PageAssets {
  routeIds: string[];
  js: string[];
  css: string[];
  /** Namespaces the page declares that have no chunk of their own. */
  missing: string[];
}

/**
 * What a page loads: the client entry and its imports; each matched route's module, imports and
 * stylesheets; and, once any route declares `handle.i18n`, the German chunks of the matched
 * routes' namespaces plus "common" (the page is measured in German, the first language). A page
 * below a route with `hydrate: false` loads the stylesheets only.
 */
export function pageAssets(build: BuildInfo, url: string): PageAssets {
  const routeIds = matchRouteIds(build.routes, url);
  if (!routeIds) throw new Error(`${url}: no route of the build matches`);
  const js = new Set([build.assets.entry.module, ...build.assets.entry.imports]);
  const css = new Set(build.assets.entry.css ?? []);
  for (const id of routeIds) {
    const route = build.assets.routes[id];
    if (!route) throw new Error(`${url}: route ${id} is not in the assets manifest`);
    for (const file of [...(route.imports ?? []), route.module]) js.add(file);
    for (const file of route.css ?? []) css.add(file);
  }
  // A page without scripts loads its stylesheet only.
  if (routeIds.some((id) => build.staticRoutes?.includes(id))) return { routeIds, js: [], css: [...css], missing: [] };
  const translated = Object.values(build.namespaces).some((list) => list.length > 0);
  const namespaces = translated ? [...new Set(["common", ...routeIds.flatMap((id) => build.namespaces[id] ?? [])])] : [];
  const text = translationAssets(namespaces, build.client, "de", build.publicPath);
  for (const file of text.js) js.add(file);
  for (const file of text.css) css.add(file);
  return { routeIds, js: [...js], css: [...css], missing: text.missing };
}

export interface ScreenFigure {
  screen: string;
  isPublic: boolean;
  files: string[];
  js: number;
  css: number;
}

export function measureScreen(build: BuildInfo, screen: string, isPublic: boolean, sizeOf: (file: string) => number): ScreenFigure & { missing: string[] } {
  const page = pageAssets(build, screen);
  const sum = (files: string[]) => files.reduce((total, file) => total + sizeOf(file), 0);
  return { screen, isPublic, files: [...page.js, ...page.css], js: sum(page.js), css: sum(page.css), missing: page.missing };
}

/** `/assets/_app.dashboard-Ab3_x-9Z.js` → `_app.dashboard.js` (Vite's hash: 8 characters). */
export const unhashed = (file: string) => file.replace(/^.*\//, "").replace(/-[\w-]{8}(\.\w+)$/, "$1");

/**
 * A stable name per file across builds: the file name without its hash. Rollup gives two chunks
 * the same name now and then (a route module and a piece split off it, two `schemas.ts`); then
 * the route module keeps the plain name and the others get `~2`, `~3` by decreasing size.
 */
export function chunkNames(files: Iterable<string>, routeModules: Set<string>, sizeOf: (file: string) => number) {
  const groups = new Map<string, string[]>();
  for (const file of new Set(files)) groups.set(unhashed(file), [...(groups.get(unhashed(file)) ?? []), file]);
  const names = new Map<string, string>();
  for (const [name, group] of groups) {
    group.sort((a, b) => Number(routeModules.has(b)) - Number(routeModules.has(a)) || sizeOf(b) - sizeOf(a) || a.localeCompare(b));
    group.forEach((file, i) => names.set(file, i === 0 ? name : name.replace(/(\.\w+)$/, `~${i + 1}$1`)));
  }
  return names;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const growth = (bytes: number) => (bytes < 1024 ? `+${bytes} B` : `+${kb(bytes)}`);

/** How many over-budget screens get a line of their own; the rest are named on one line. */
const DETAILED = 10;
/** What a screen above its limit may vary from its recorded figure (a changed hash, a reworded text). */
const RATCHET_SLACK = 512;
/** How many grown or new chunks a screen's line names. */
const CHUNKS_PER_LINE = 5;

/**
 * The check: one summary line when every screen fits; else a line per screen over its limit
 * (largest excess first) naming the chunks that grew since the record (largest growth first)
 * and the chunks the record does not know.
 */
export function budgetReport(figures: ScreenFigure[], names: Map<string, string>, sizeOf: (file: string) => number, record: BudgetRecord) {
  const { limits } = record;
  // A screen recorded above its limit may not grow past that figure (a ratchet) until it fits:
  // the limits are the goal, the record what was reached (decision 0064).
  const allowed = (limit: number, recorded: number | undefined) => (recorded !== undefined && recorded > limit ? recorded + RATCHET_SLACK : limit);
  const jsGoal = (f: ScreenFigure) => (f.isPublic ? limits.publicJsKB : limits.signedInJsKB) * 1024;
  const jsLimit = (f: ScreenFigure) => allowed(jsGoal(f), record.screens[f.screen]?.js);
  const cssLimit = (f: ScreenFigure) => allowed(limits.cssKB * 1024, record.screens[f.screen]?.css);
  const excess = (f: ScreenFigure) => Math.max(0, f.js - jsLimit(f)) + Math.max(0, f.css - cssLimit(f));
  const over = figures.filter((f) => excess(f) > 0).sort((a, b) => excess(b) - excess(a));
  const largest = (key: "js" | "css") => figures.reduce((a, b) => (b[key] > a[key] ? b : a));
  if (!over.length) {
    const js = largest("js");
    const css = largest("css");
    const aboveGoal = figures.filter((f) => f.js > jsGoal(f) || f.css > limits.cssKB * 1024).length;
    return {
      ok: true,
      lines: [
        `bundle budget: ${figures.length} screens within budget; largest JS ${js.screen} ${kb(js.js)} (limit ${kb(jsGoal(js))}), largest CSS ${kb(css.css)} (limit ${kb(limits.cssKB * 1024)})` +
          (aboveGoal ? `; ${aboveGoal} still above the limits, none above its recorded figure` : ""),
      ],
    };
  }
  const lines = [
    `bundle budget: ${over.length} of ${figures.length} screens over (JS ≤ ${limits.signedInJsKB} KB signed in, ≤ ${limits.publicJsKB} KB public; CSS ≤ ${limits.cssKB} KB; gzip -9)`,
  ];
  for (const f of over.slice(0, DETAILED)) {
    const parts = [];
    if (f.js > jsLimit(f)) parts.push(`JS ${kb(f.js)} > ${kb(jsLimit(f))}`);
    if (f.css > cssLimit(f)) parts.push(`CSS ${kb(f.css)} > ${kb(cssLimit(f))}`);
    const chunks = f.files.map((file) => ({ name: names.get(file) ?? unhashed(file), bytes: sizeOf(file) }));
    const grown = chunks
      .filter((c) => c.name in record.chunks && c.bytes > record.chunks[c.name])
      .map((c) => ({ ...c, by: c.bytes - record.chunks[c.name] }))
      .sort((a, b) => b.by - a.by);
    const added = chunks.filter((c) => !(c.name in record.chunks)).sort((a, b) => b.bytes - a.bytes);
    const list = <T>(items: T[], show: (item: T) => string) =>
      items.slice(0, CHUNKS_PER_LINE).map(show).join(", ") + (items.length > CHUNKS_PER_LINE ? ` and ${items.length - CHUNKS_PER_LINE} more` : "");
    const changes = [grown.length ? `grew: ${list(grown, (c) => `${c.name} ${growth(c.by)}`)}` : "", added.length ? `new: ${list(added, (c) => `${c.name} ${kb(c.bytes)}`)}` : ""].filter(Boolean);
    lines.push(`  ${f.screen}  ${parts.join(", ")}${changes.length ? `  — ${changes.join("; ")}` : "  — no chunk grew since the record"}`);
  }
  if (over.length > DETAILED) lines.push(`  and ${over.length - DETAILED} more over budget: ${over.slice(DETAILED).map((f) => f.screen).join(", ")}`);
  return { ok: false, lines };
}

/** The figures `--record` writes: every chunk the screens load and every screen's totals. */
export function recordFigures(figures: ScreenFigure[], names: Map<string, string>, sizeOf: (file: string) => number, base: BudgetRecord): BudgetRecord {
  const chunks: Record<string, number> = {};
  for (const file of [...new Set(figures.flatMap((f) => f.files))]) chunks[names.get(file) ?? unhashed(file)] = sizeOf(file);
  return {
    about: base.about,
    limits: base.limits,
    recorded: base.recorded,
    build: base.build,
    chunks: Object.fromEntries(Object.entries(chunks).sort(([a], [b]) => a.localeCompare(b))),
    screens: Object.fromEntries(figures.map((f) => [f.screen, { js: f.js, css: f.css }])),
  };
}
