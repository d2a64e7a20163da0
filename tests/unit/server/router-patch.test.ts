import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// The server loads @remix-run/router's CommonJS build; patches/@remix-run+router+*.patch makes
// it rank a routes array and compile each path pattern once instead of on every match.
const require = createRequire(import.meta.url);
const router = require("@remix-run/router") as typeof import("@remix-run/router");

const routes = [
  {
    id: "root",
    path: "/",
    children: [
      { id: "index", index: true },
      { id: "catalogue", path: "servicecatalog", children: [{ id: "browser", index: true }, { id: "service", path: "service/:id" }] },
      { id: "entity", path: "basedata/:entity" },
      { id: "splat", path: "*" },
    ],
  },
];
const ids = (path: string) => router.matchRoutes(routes, path)?.map((m) => m.route.id);
const params = (path: string) => router.matchRoutes(routes, path)?.at(-1)?.params;

describe("route matching with the cached branches", () => {
  it("is applied by npm install (postinstall: patch-package)", () => {
    const source = require("node:fs").readFileSync(require.resolve("@remix-run/router"), "utf8") as string;
    expect(source).toContain("rankedBranchesCache");
    expect(source).toContain("compiledPathCache");
    expect(source).toContain("matchesCache");
    const read = (module: string) => require("node:fs").readFileSync(require.resolve(module), "utf8") as string;
    expect(read("react-router-dom/server")).toContain("dataRoutesCache");
    expect(read("@remix-run/react/dist/server.js")).toContain("serverRoutesCache");
  });

  it("remembered matches are handed out as copies: a caller changing its params changes no later answer", () => {
    const first = router.matchRoutes(routes, "/servicecatalog/service/21")!;
    (first.at(-1)!.params as Record<string, string>).id = "changed";
    first.pop();
    expect(ids("/servicecatalog/service/21")).toEqual(["root", "catalogue", "service"]);
    expect(params("/servicecatalog/service/21")).toEqual({ id: "21" });
  });

  it("a basename is part of what is remembered", () => {
    expect(router.matchRoutes(routes, "/app/servicecatalog", "/app")?.map((m) => m.route.id)).toEqual(["root", "catalogue", "browser"]);
    expect(router.matchRoutes(routes, "/app/servicecatalog", "/other")).toBeNull();
    expect(router.matchRoutes(routes, "/servicecatalog", "/app")).toBeNull();
  });

  it("the server renderer makes a routes array's data routes once and matches them like the router", () => {
    const server = require("react-router-dom/server") as typeof import("react-router-dom/server");
    const handler = server.createStaticHandler(routes);
    const context = { basename: "/", matches: [], location: { pathname: "/servicecatalog" }, loaderData: {}, actionData: null, errors: null, statusCode: 200, loaderHeaders: {}, actionHeaders: {}, activeDeferreds: null } as unknown as Parameters<typeof server.createStaticRouter>[1];
    const one = server.createStaticRouter(routes, context);
    const two = server.createStaticRouter(routes, context);
    expect(two.routes).toBe(one.routes);
    expect(router.matchRoutes(one.routes, "/servicecatalog/service/5")?.map((m) => m.route.id)).toEqual(["root", "catalogue", "service"]);
    expect(handler.dataRoutes).not.toBe(one.routes);
  });

  it("matches the same routes array again and again with the right routes and params", () => {
    for (let round = 0; round < 3; round++) {
      expect(ids("/servicecatalog")).toEqual(["root", "catalogue", "browser"]);
      expect(ids("/servicecatalog/service/17")).toEqual(["root", "catalogue", "service"]);
      expect(params("/servicecatalog/service/17")).toEqual({ id: "17" });
      expect(params("/servicecatalog/service/18")).toEqual({ id: "18" });
      expect(params("/basedata/owner")).toEqual({ entity: "owner" });
      expect(ids("/nowhere/else")).toEqual(["root", "splat"]);
      expect(params("/nowhere/else")).toEqual({ "*": "nowhere/else" });
    }
  });

  it("a new routes array is ranked on its own", () => {
    expect(ids("/basedata/kpis")).toEqual(["root", "entity"]);
    const other = [{ id: "only", path: "/basedata/kpis" }];
    expect(router.matchRoutes(other, "/basedata/kpis")?.map((m) => m.route.id)).toEqual(["only"]);
    expect(router.matchRoutes(other, "/servicecatalog")).toBeNull();
  });

  it("case sensitivity and the end of a pattern still count per call", () => {
    expect(router.matchPath({ path: "/Service/:id", caseSensitive: true }, "/service/1")).toBeNull();
    expect(router.matchPath({ path: "/Service/:id", caseSensitive: false }, "/service/1")?.params).toEqual({ id: "1" });
    expect(router.matchPath({ path: "/service", end: false }, "/service/1")?.pathnameBase).toBe("/service");
    expect(router.matchPath({ path: "/service", end: true }, "/service/1")).toBeNull();
  });
});
