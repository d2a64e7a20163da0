import fs from "node:fs";
import path from "node:path";
import { flatRoutes } from "@remix-run/dev/dist/config/flat-routes.js";
import { describe, expect, it } from "vitest";
import common from "~/i18n/locales/common.de";
import de from "~/i18n/locales/de";
import { createTextUsage, type KeyTree } from "../../support/text-usage";

// A browser holds only the texts of the routes on screen (app/i18n/namespaces.ts): a route that
// shows a key of a namespace neither it nor a parent declares would show the raw key after a
// client-side navigation. Every key its code (and everything it imports) can show must be covered.

type RouteEntry = { id: string; parentId?: string; file: string };
const routes = flatRoutes(path.resolve("app"), ["**/.*", "**/*.test.{ts,tsx}"]) as Record<string, RouteEntry>;
const usage = createTextUsage(de as unknown as KeyTree);
const COMMON = new Set(Object.keys(common));

/** The namespaces a route file's `handle` declares (`routeHandle({ i18n: [...] })`). */
function declaredBy(file: string): string[] {
  const source = fs.readFileSync(path.join("app", file), "utf8");
  const handle = /export const handle = routeHandle\(\{([\s\S]*?)\}\);/.exec(source);
  if (/export const handle\b/.test(source) && !handle) throw new Error(`${file}: write the handle as routeHandle({ ... })`);
  const list = handle ? /i18n: \[([^\]]*)\]/.exec(handle[1]) : null;
  return list ? [...list[1].matchAll(/"(\w+)"/g)].map((m) => m[1]) : [];
}

function declaredChain(id: string): Set<string> {
  const names = new Set<string>();
  for (let route: RouteEntry | undefined = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    for (const name of declaredBy(route.file)) names.add(name);
  }
  return names;
}

describe("route text namespaces", () => {
  it("finds the routes and the keys they show", () => {
    expect(Object.keys(routes).length).toBeGreaterThan(100);
    expect([...usage.groupsUsedBy("app/routes/_app.dashboard.tsx")]).toContain("dashboard");
  });

  it("every route declares (itself or through a parent) each namespace its code shows", () => {
    const missing: string[] = [];
    for (const route of Object.values(routes)) {
      // A resource route (no component) answers files or JSON; the browser translates nothing of it.
      if (!/export default\b/.test(fs.readFileSync(path.join("app", route.file), "utf8"))) continue;
      const declared = declaredChain(route.id);
      const used = [...usage.groupsUsedBy(path.join("app", route.file))].filter((group) => !COMMON.has(group) && !declared.has(group));
      if (used.length) missing.push(`${route.id}: ${used.sort().join(", ")}`);
    }
    expect(missing, "add these to the route's routeHandle({ i18n })").toEqual([]);
  });

  it("the root shows only the common texts, so pages without a handle need nothing else", () => {
    const used = [...usage.groupsUsedBy("app/root.tsx")].filter((group) => !COMMON.has(group));
    expect(used).toEqual([]);
  });
});
