import { describe, expect, it } from "vitest";
import type { Role } from "~/modules/access/roles";
import { NAVIGATION, currentNavPath, findPlannedPage, isActivePath, isGroup, navigationFor, type NavEntry, type NavItem } from "~/shell/navigation";

/** The menu as a readable outline: top-level keys, groups as "group[item,item]". */
function outline(entries: NavEntry[]): string[] {
  return entries.map((e) => (isGroup(e) ? `${e.key}[${e.items.map((i) => i.key).join(",")}]` : e.key));
}

/** Every link target in the menu. */
function paths(entries: NavEntry[]): string[] {
  return entries.flatMap((e) => (isGroup(e) ? e.items.map((i) => i.to) : [e.to]));
}

const BASEDATA_WITHOUT_FRAME = "basedata[owner,kpis,provider,customerdata,termdefinitions]";

describe("navigationFor", () => {
  it("user sees Dashboard, My work, ServiceHub, Views, Releases, SLA, Reports and Tools only", () => {
    const nav = navigationFor("user");
    expect(outline(nav)).toEqual(["dashboard", "mywork", "servicecatalog", "views", "releases", "sla", "reports", "tools"]);
    expect(paths(nav)).toEqual(["/dashboard", "/my-work", "/servicecatalog", "/views", "/servicecatalog/releases", "/sla", "/reports", "/tools"]);
    for (const hidden of ["/basedata", "/admin", "/factory", "/bin", "/catalogframe"]) {
      expect(paths(nav).some((p) => p.startsWith(hidden))).toBe(false);
    }
  });

  it("a client sees no releases list (customers read the release they are shown); reading one, no working-copy screen either", () => {
    expect(outline(navigationFor("client"))).toEqual(["dashboard", "servicecatalog", "views", "sla", "reports", "tools"]);
    expect(outline(navigationFor("client", true))).toEqual(["dashboard", "servicecatalog"]);
  });

  it.each<Role>(["keyuser", "admin"])("%s also sees base data (without the admin-only catalogue frame) and credits, no admin groups", (role) => {
    const nav = navigationFor(role);
    expect(outline(nav)).toEqual(["dashboard", "mywork", "servicecatalog", "views", "releases", "sla", "reports", BASEDATA_WITHOUT_FRAME, "tools", "credits"]);
    expect(paths(nav)).not.toContain("/catalogframe");
    expect(paths(nav)).not.toContain("/bin");
    expect(paths(nav).some((p) => p.startsWith("/admin/") || p.startsWith("/factory/"))).toBe(false);
  });

  it.each<[Role, string]>([
    ["superadmin", ",supporttickets,systeminfo,creditsAdmin"],
    ["keysuperuser", ""],
  ])("%s sees everything, including catalogue frame, credits, admin, factory and bin (support tickets, system info, managing credits: superadmins only)", (role, superadminOnly) => {
    const nav = navigationFor(role);
    expect(outline(nav)).toEqual([
      "dashboard",
      "mywork",
      "servicecatalog",
      "views",
      "releases",
      "sla",
      "reports",
      "basedata[catalogframe,owner,kpis,provider,customerdata,termdefinitions]",
      "tools",
      "credits",
      `admin[usermanagement,tags,serviceattributes,attributemasks,logs,serviceheadlines,servicearea,logo${superadminOnly}]`,
      "factory[factoryCatalog,factoryProvider,factoryKpi]",
      "bin",
    ]);
    const all = paths(NAVIGATION);
    expect(paths(nav)).toEqual(role === "superadmin" ? all : all.filter((p) => !["/admin/supporttickets", "/admin/systeminfo", "/admin/credits"].includes(p)));
  });

  it("hides everything beyond the common entries for an unknown role", () => {
    expect(outline(navigationFor("hacker" as Role))).toEqual(["dashboard", "servicecatalog", "views", "sla", "reports", "tools"]);
  });

  it("does not change the shared NAVIGATION when filtering", () => {
    const before = JSON.stringify(NAVIGATION);
    navigationFor("keyuser");
    navigationFor("client");
    expect(JSON.stringify(NAVIGATION)).toBe(before);
  });
});

describe("findPlannedPage", () => {
  // The mechanism for announcing a page before it is built; every page of the spec is built now.
  const announced: NavItem[] = [
    { key: "views", to: "/views", audience: "all", planned: true },
    { key: "sla", to: "/sla", audience: "all", planned: true },
    { key: "dashboard", to: "/dashboard/info", audience: "all", planned: true },
    { key: "dashboard", to: "/dashboard", audience: "all" },
  ];

  it("finds a planned page by its path and by a detail path below it", () => {
    expect(findPlannedPage("/views", announced)).toMatchObject({ key: "views", to: "/views", audience: "all" });
    expect(findPlannedPage("/views/5", announced)).toMatchObject({ key: "views", to: "/views" });
    expect(findPlannedPage("/sla/12", announced)).toMatchObject({ key: "sla", audience: "all" });
  });

  it("ignores trailing slashes", () => {
    expect(findPlannedPage("/sla/", announced)).toMatchObject({ key: "sla", to: "/sla" });
    expect(findPlannedPage("/views//", announced)).toMatchObject({ key: "views" });
  });

  it("returns undefined for unknown paths, built pages and paths that merely share a prefix", () => {
    expect(findPlannedPage("/nope", announced)).toBeUndefined();
    expect(findPlannedPage("/", announced)).toBeUndefined();
    expect(findPlannedPage("/viewsx", announced)).toBeUndefined();
    expect(findPlannedPage("/dashboard", announced)).toBeUndefined();
  });

  it("prefers the most specific planned page", () => {
    expect(findPlannedPage("/dashboard/info/7", announced)).toMatchObject({ to: "/dashboard/info" });
  });

  it("finds nothing planned in today's menu: every page of the spec is built", () => {
    for (const path of ["/views", "/sla", "/reports", "/tools", "/documentation", "/dashboard/info", "/factory/catalog", "/credits"]) {
      expect(findPlannedPage(path), path).toBeUndefined();
    }
  });
});

describe("built screens are not planned", () => {
  it("routes the base-data screens to their real routes", () => {
    for (const path of ["/basedata/owner", "/basedata/kpis/3", "/admin/tags", "/basedata/customerdata", "/servicecatalog", "/catalogframe", "/catalogframe/static", "/catalogframe/7", "/sla", "/reports"]) {
      expect(findPlannedPage(path), path).toBeUndefined();
    }
  });

  it("routes the template import to its real routes (issue 18)", () => {
    for (const path of ["/factory/catalog", "/factory/catalog/service/42", "/factory/provider", "/factory/provider/7", "/factory/kpi", "/factory/kpi/12"]) {
      expect(findPlannedPage(path), path).toBeUndefined();
    }
  });
});

describe("isActivePath", () => {
  it("marks the entry of the page itself and of the pages below it", () => {
    expect(isActivePath("/servicecatalog", "/servicecatalog")).toBe(true);
    expect(isActivePath("/servicecatalog/area/3", "/servicecatalog")).toBe(true);
    expect(isActivePath("/basedata/owner", "/basedata/owner")).toBe(true);
  });
  it("does not mark an entry whose path is only a prefix of another segment", () => {
    expect(isActivePath("/servicecatalogue", "/servicecatalog")).toBe(false);
    expect(isActivePath("/basedata/ownerx", "/basedata/owner")).toBe(false);
    expect(isActivePath("/dashboard", "/servicecatalog")).toBe(false);
  });
});

describe("currentNavPath: the one menu entry of the current page", () => {
  it("is the longest matching entry, so a page below two entries marks only the nearer one", () => {
    const nav = navigationFor("user");
    expect(currentNavPath("/servicecatalog/releases/4/service/9", nav)).toBe("/servicecatalog/releases");
    expect(currentNavPath("/servicecatalog/service/9", nav)).toBe("/servicecatalog");
    expect(currentNavPath("/admin/logs", navigationFor("superadmin"))).toBe("/admin/logs");
    expect(currentNavPath("/nowhere", nav)).toBeNull();
  });
});
