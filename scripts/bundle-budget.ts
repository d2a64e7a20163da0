/**
 * npm run budget — the page-weight budget of issue 34 §3 (decision 0064). Reads the production
 * build (`npm run build` first; BUILD_DIR for another one) and, for every screen of
 * tests/support/screens.ts, adds up the gzip -9 size of the scripts and stylesheets that page
 * loads. Exits 1 naming each screen over its limit and the chunks that grew since the figures in
 * docs/bundle-budget.json; `npm run budget -- --record` rewrites those figures (deliberately, in
 * the commit that explains the growth). No database: ids only decide which route a URL matches.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { PUBLIC_SCREENS, signedInScreens } from "../tests/support/screens";
import {
  budgetReport,
  chunkNames,
  DEFAULT_LIMITS,
  handleNamespaces,
  measureScreen,
  recordFigures,
  type AssetsManifest,
  type BudgetRecord,
  type BuildInfo,
  type ServerRoute,
  type ViteManifest,
} from "./bundle-budget-core";

const RECORD_FILE = "docs/bundle-budget.json";
const BUILD = path.resolve(process.env.BUILD_DIR ?? "build");
const RECORD = process.argv.includes("--record");

interface ServerBuild {
  assets: AssetsManifest;
  publicPath: string;
  routes: Record<string, ServerRoute & { module: { handle?: { hydrate?: unknown } } }>;
}

async function loadBuild(): Promise<BuildInfo> {
  const entry = path.join(BUILD, "server/index.js");
  if (!fs.existsSync(entry)) throw new Error(`no build at ${BUILD}: run \`npm run build\` first`);
  const server = (await import(pathToFileURL(entry).href)) as ServerBuild;
  const routes = Object.values(server.routes).map(({ id, parentId, path, index, caseSensitive }) => ({ id, parentId, path, index, caseSensitive }));
  const namespaces = Object.fromEntries(Object.values(server.routes).map((route) => [route.id, handleNamespaces(route.module.handle)]));
  // Remix moves Vite's client manifest out of the served files when build.manifest is on.
  const manifest = [".vite/client-manifest.json", "client/.vite/manifest.json"].map((file) => path.join(BUILD, file)).find((file) => fs.existsSync(file));
  if (!manifest && Object.values(namespaces).some((list) => list.length)) throw new Error(`no client manifest in ${BUILD}: rebuild (vite.config.ts sets build.manifest)`);
  const client: ViteManifest = manifest ? JSON.parse(fs.readFileSync(manifest, "utf8")) : {};
  const staticRoutes = Object.values(server.routes).filter((route) => route.module.handle?.hydrate === false).map((route) => route.id);
  return { routes, assets: server.assets, namespaces, staticRoutes, client, publicPath: server.publicPath };
}

function sizer(publicPath: string) {
  const sizes = new Map<string, number>();
  return (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      const onDisk = path.join(BUILD, "client", file.startsWith(publicPath) ? file.slice(publicPath.length) : file);
      size = zlib.gzipSync(fs.readFileSync(onDisk), { level: 9 }).length;
      sizes.set(file, size);
    }
    return size;
  };
}

function buildVersion() {
  const file = path.join(BUILD, "version.json");
  if (!fs.existsSync(file)) return undefined;
  const { version, commit } = JSON.parse(fs.readFileSync(file, "utf8")) as { version: string; commit: string };
  return `${version}+${commit}`;
}

async function main() {
  const build = await loadBuild();
  const sizeOf = sizer(build.publicPath);
  // Every id 1: the screens' ids only pick which route matches.
  const ids = new Proxy({}, { get: () => 1 }) as Parameters<typeof signedInScreens>[0];
  const screens = [...PUBLIC_SCREENS.map((s) => [s, true] as const), ...signedInScreens(ids).map((s) => [s, false] as const)];
  const measured = [...new Map(screens).entries()].map(([screen, isPublic]) => measureScreen(build, screen, isPublic, sizeOf));
  const missing = [...new Set(measured.flatMap((m) => m.missing))];
  if (missing.length) console.warn(`note: no chunk of its own for namespace(s) ${missing.join(", ")} (de): counted only where a page imports it statically`);

  const routeModules = new Set(Object.values(build.assets.routes).map((route) => route.module));
  const names = chunkNames(measured.flatMap((m) => m.files), routeModules, sizeOf);
  const stored: BudgetRecord | null = fs.existsSync(RECORD_FILE) ? JSON.parse(fs.readFileSync(RECORD_FILE, "utf8")) : null;
  const base: BudgetRecord = stored ?? { limits: DEFAULT_LIMITS, chunks: {}, screens: {} };

  let record = base;
  if (RECORD) {
    record = recordFigures(measured, names, sizeOf, {
      ...base,
      about: "npm run budget (scripts/bundle-budget.ts, docs/decisions/0064-bundle-budgets.md): limits in KB (1024 bytes) of gzip -9; chunks and screens in gzip bytes as recorded by `npm run budget -- --record`.",
      recorded: new Date().toISOString().slice(0, 10),
      build: buildVersion(),
    });
    fs.writeFileSync(RECORD_FILE, `${JSON.stringify(record, null, 2)}\n`);
    console.log(`recorded ${measured.length} screens and ${Object.keys(record.chunks).length} chunks in ${RECORD_FILE}`);
  }
  const report = budgetReport(measured, names, sizeOf, record);
  for (const line of report.lines) (report.ok ? console.log : console.error)(line);
  process.exitCode = report.ok ? 0 : 1;
}

await main();
