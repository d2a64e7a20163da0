// First-load JavaScript of a page (what a browser fetches before the page is interactive): the
// client entry, and for each route the page matches its module and its imports, gzip-compressed.
// Reads the production build; `npm run build` first. Usage: node scripts/client-size.mjs [path…]
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { pathToFileURL } from "node:url";

const root = process.cwd();
const build = await import(pathToFileURL(path.join(root, "build/server/index.js")).href);
const { assets } = build;

/** Route ids from the root down to the page: Remix flat routes, parent chain from the manifest. */
const PAGES = {
  "/login": "routes/_auth.login",
  "/dashboard": "routes/_app.dashboard",
  "/servicecatalog": "routes/_app.servicecatalog._browser._index",
  "/servicecatalog/service/:id": "routes/_app.servicecatalog.service.$id",
};

function chain(id) {
  const ids = [];
  for (let route = assets.routes[id]; route; route = assets.routes[route.parentId]) ids.unshift(route.id);
  return ids;
}

function gzipSize(file) {
  return zlib.gzipSync(fs.readFileSync(path.join(root, "build/client", file)), { level: 9 }).length;
}

const wanted = process.argv.slice(2);
for (const [page, id] of Object.entries(PAGES)) {
  if (wanted.length && !wanted.includes(page)) continue;
  if (!assets.routes[id]) throw new Error(`no route ${id} in the build`);
  const files = new Set([assets.entry.module, ...assets.entry.imports]);
  for (const routeId of chain(id)) {
    const route = assets.routes[routeId];
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  const bytes = [...files].reduce((sum, file) => sum + gzipSize(file), 0);
  console.log(`${page.padEnd(30)} ${(bytes / 1024).toFixed(1).padStart(7)} KB gzip  (${files.size} files)`);
}
