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
