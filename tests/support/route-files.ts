import fs from "node:fs";
import path from "node:path";
import type { RouteEntry } from "./route-matrix";

/**
 * The route table as Remix reads it from app/routes (flat routes): each file's URL pattern, its
 * route id, what it exports — and where it and the role × route matrix disagree.
 */

export const ROUTES_DIR = path.resolve("app/routes");

/** The route files of the app, as Remix's flat routes read them. */
export function routeFiles(dir = ROUTES_DIR): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /\.(tsx|ts|jsx|js)$/.test(f))
    .sort();
}

/** Splits a flat-route file name into its segments; `[.]` is a literal dot, not a separator. */
function segmentsOf(file: string): string[] {
  const name = file.replace(/\.(tsx|ts|jsx|js)$/, "");
  const segments: string[] = [];
  let current = "";
  for (let i = 0; i < name.length; i++) {
    if (name[i] === "[") {
      const end = name.indexOf("]", i);
      current += name.slice(i + 1, end);
      i = end;
    } else if (name[i] === ".") {
      segments.push(current);
      current = "";
    } else current += name[i];
  }
  segments.push(current);
  return segments;
}

/** The URL pattern of a route file: `_app.admin.tags.$id_.delete.tsx` → `/admin/tags/:id/delete`. */
export function routePattern(file: string): string {
  const parts: string[] = [];
  for (const raw of segmentsOf(file)) {
    if (raw.startsWith("_")) continue; // pathless layout or index
    const segment = raw.endsWith("_") ? raw.slice(0, -1) : raw;
    if (segment === "$") parts.push("*");
    else if (segment.startsWith("$")) parts.push(`:${segment.slice(1)}`);
    else parts.push(segment);
  }
  return `/${parts.join("/")}`;
}

/** The route's id as Remix names it (`routes/<file without extension>`). */
export const routeId = (file: string) => `routes/${file.replace(/\.(tsx|ts|jsx|js)$/, "")}`;

/** Whether the file is an index route (a POST to it needs `?index`). */
export const isIndexRoute = (file: string) => segmentsOf(file).at(-1) === "_index";

/** The concrete path of a route for the given params; throws when a param has no value. */
export function routeUrl(file: string, params: Record<string, string>): string {
  return routePattern(file).replace(/:(\w+)|\*/g, (match, name: string | undefined) => {
    const value = params[name ?? "*"];
    if (value === undefined) throw new Error(`${file}: the matrix entry gives no value for ${match}`);
    return name ? encodeURIComponent(value) : value;
  });
}

/** What a route file exports: a loader, an action, a page (default export). */
export function exportsOf(file: string, dir = ROUTES_DIR) {
  const source = fs.readFileSync(path.join(dir, file), "utf8");
  const has = (name: string) => new RegExp(`export\\s+(const|async\\s+function|function)\\s+${name}\\b|export\\s*\\{[^}]*\\b${name}\\b[^}]*\\}`).test(source);
  return { loader: has("loader"), action: has("action"), page: /export\s+default\b/.test(source) };
}

/**
 * Problems between the route files and the matrix: a file without an entry, an entry without a
 * file, and an entry whose GET/POST cells disagree with what the file exports.
 */
export function coverageProblems(entries: RouteEntry[], files = routeFiles()): string[] {
  const problems: string[] = [];
  const byFile = new Map<string, RouteEntry>();
  for (const entry of entries) {
    if (byFile.has(entry.file)) problems.push(`${entry.file}: two matrix entries; keep one.`);
    byFile.set(entry.file, entry);
  }
  for (const file of files) {
    const entry = byFile.get(file);
    const exp = exportsOf(file);
    if (!entry) {
      problems.push(
        `app/routes/${file} (${routePattern(file)}) has no entry in tests/support/route-matrix.ts: add { file: "${file}", params, ` +
          `get: ${exp.loader || exp.page ? "{ guard }" : "null"}, post: ${exp.action ? "{ guard, intents }" : "null"} } with the guard its loader/action enforce.`,
      );
      continue;
    }
    if ((exp.loader || exp.page) && !entry.get) problems.push(`${file} answers GET (loader or page) but its matrix entry has get: null; add its guard.`);
    if (!exp.loader && !exp.page && entry.get) problems.push(`${file} has no loader and no page, but its matrix entry declares a GET cell.`);
    if (exp.action && !entry.post) problems.push(`${file} exports an action but its matrix entry has post: null; add { guard, intents } (every intent the action dispatches).`);
    if (!exp.action && entry.post) problems.push(`${file} has no action, but its matrix entry declares POST cells.`);
    if (entry.post && entry.post.intents.length === 0) problems.push(`${file}: an action needs at least one intent cell ({ intent: null } when it reads none).`);
  }
  for (const file of byFile.keys()) if (!files.includes(file)) problems.push(`tests/support/route-matrix.ts names ${file}, but app/routes has no such file; remove or rename the entry.`);
  return problems;
}

