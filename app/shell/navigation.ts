import { roleHasPermission } from "~/modules/access/policy";
import { type Role } from "~/modules/access/roles";

/** Who sees a menu entry (spec 01 §6): everyone, readers of working copies, base-data roles, AI users, the admin guard, or superadmins only. */
export type Audience = "all" | "workingCopy" | "basedata" | "ai" | "admin" | "superadmin";

export interface NavItem {
  key: string; // i18n key under nav.*, also the icon's name
  to: string;
  audience: Audience;
  /** The screen is not built yet: a "coming soon" page stands in, behind the same guard. */
  planned?: boolean;
  /** The screen shows only the working copy: hidden for a customer who reads a release (issue 35 §6). */
  workingCopyOnly?: boolean;
}

export interface NavGroup {
  key: string;
  audience: Audience;
  items: NavItem[];
}

export type NavEntry = NavItem | NavGroup;

export function isGroup(entry: NavEntry): entry is NavGroup {
  return "items" in entry;
}

/** Whether a menu entry is the current page's, as NavLink decides: the path itself or anything below it. */
export function isActivePath(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(to.endsWith("/") ? to : `${to}/`);
}

/**
 * The one entry of the menu that is the current page's: the longest path that matches, so
 * /servicecatalog/releases marks "Veröffentlichungen", not also "ServiceHub". Null when none does.
 */
export function currentNavPath(pathname: string, entries: readonly NavEntry[]): string | null {
  let best: string | null = null;
  for (const entry of entries) {
    for (const item of isGroup(entry) ? entry.items : [entry]) {
      if (isActivePath(pathname, item.to) && (best === null || item.to.length > best.length)) best = item.to;
    }
  }
  return best;
}

export const NAVIGATION: NavEntry[] = [
  { key: "dashboard", to: "/dashboard", audience: "all" },
  // Issue 36 §4: what needs the signed-in user; customers have none.
  { key: "mywork", to: "/my-work", audience: "workingCopy" },
  { key: "servicecatalog", to: "/servicecatalog", audience: "all" },
  { key: "views", to: "/views", audience: "all", workingCopyOnly: true },
  { key: "releases", to: "/servicecatalog/releases", audience: "workingCopy" },
  { key: "sla", to: "/sla", audience: "all", workingCopyOnly: true },
  // Not in the spec's menu; the "which services are incomplete, stale or unowned in one click" (decision 0035).
  { key: "reports", to: "/reports", audience: "all", workingCopyOnly: true },
  {
    key: "basedata",
    audience: "basedata",
    items: [
      { key: "catalogframe", to: "/catalogframe", audience: "admin" },
      { key: "owner", to: "/basedata/owner", audience: "basedata" },
      { key: "kpis", to: "/basedata/kpis", audience: "basedata" },
      { key: "provider", to: "/basedata/provider", audience: "basedata" },
      { key: "customerdata", to: "/basedata/customerdata", audience: "basedata" },
      { key: "termdefinitions", to: "/basedata/termdefinitions", audience: "basedata" },
    ],
  },
  { key: "tools", to: "/tools", audience: "all", workingCopyOnly: true },
  { key: "credits", to: "/credits", audience: "ai" },
  {
    key: "admin",
    audience: "admin",
    items: [
      { key: "usermanagement", to: "/admin/usermanagement", audience: "admin" },
      { key: "tags", to: "/admin/tags", audience: "admin" },
      { key: "serviceattributes", to: "/admin/serviceattributes", audience: "admin" },
      { key: "attributemasks", to: "/admin/attributemasks", audience: "admin" },
      { key: "logs", to: "/admin/logs", audience: "admin" },
      { key: "serviceheadlines", to: "/admin/serviceheadlines", audience: "admin" },
      { key: "servicearea", to: "/admin/servicearea", audience: "admin" },
      { key: "logo", to: "/admin/logo", audience: "admin" },
      { key: "supporttickets", to: "/admin/supporttickets", audience: "superadmin" },
      { key: "systeminfo", to: "/admin/systeminfo", audience: "superadmin" },
      { key: "creditsAdmin", to: "/admin/credits", audience: "superadmin" },
    ],
  },
  {
    key: "factory",
    audience: "admin",
    items: [
      { key: "factoryCatalog", to: "/factory/catalog", audience: "admin" },
      { key: "factoryProvider", to: "/factory/provider", audience: "admin" },
      { key: "factoryKpi", to: "/factory/kpi", audience: "admin" },
    ],
  },
  { key: "bin", to: "/bin", audience: "admin" },
];

/** Announced pages without a menu entry ("coming soon"); every page of the spec is built now. */
export const EXTRA_PLANNED: NavItem[] = [];

export function audienceAllows(audience: Audience, role: Role): boolean {
  if (audience === "superadmin") return roleHasPermission(role, "manage:organisation");
  if (audience === "admin") return roleHasPermission(role, "access:admin");
  if (audience === "basedata") return roleHasPermission(role, "read:basedata");
  if (audience === "ai") return roleHasPermission(role, "use:ai");
  if (audience === "workingCopy") return roleHasPermission(role, "read:working-copy");
  return true;
}

/** The menu as this role sees it: hidden entries removed, empty groups dropped; a customer who reads a release sees no working-copy screens. */
export function navigationFor(role: Role, readsRelease = false): NavEntry[] {
  const out: NavEntry[] = [];
  const shown = (item: NavItem) => audienceAllows(item.audience, role) && !(readsRelease && item.workingCopyOnly);
  for (const entry of NAVIGATION) {
    if (!audienceAllows(entry.audience, role)) continue;
    if (isGroup(entry)) {
      const items = entry.items.filter(shown);
      if (items.length) out.push({ ...entry, items });
    } else if (shown(entry)) out.push(entry);
  }
  return out;
}

/** The planned (not yet built) page at this path, if any — including detail paths like /basedata/owner/12. */
export function findPlannedPage(pathname: string, all: NavItem[] = [...NAVIGATION.flatMap((e) => (isGroup(e) ? e.items : [e])), ...EXTRA_PLANNED]): NavItem | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  const exact = all.find((item) => item.planned && item.to === path);
  if (exact) return exact;
  return all
    .filter((item) => item.planned && path.startsWith(`${item.to}/`))
    .sort((a, b) => b.to.length - a.to.length)[0];
}
