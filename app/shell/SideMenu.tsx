import { useFetcher, useLocation, useRouteLoaderData } from "@remix-run/react";
import { IconChevronsLeft, IconChevronsRight } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Role } from "~/modules/access/roles";
import { currentNavPath, isGroup, navigationFor, type NavItem } from "~/shell/navigation";
import type { SidebarPrefs } from "~/server/prefs.server";
import { NAV_ICONS } from "./icons";
import classes from "./shell.module.css";

// A plain link (the layout's ClientLinks navigates client-side): a router NavLink per entry
// costs more server rendering than the rest of the menu.
function MenuLink({ item, current }: { item: NavItem; current: string | null }) {
  const { t } = useTranslation();
  const Icon = NAV_ICONS[item.key];
  const label = t(`nav.${item.key}`);
  return (
    <a href={item.to} className={classes.link} title={label} aria-current={item.to === current ? "page" : undefined} data-testid={`nav-${item.key}`}>
      {Icon ? <Icon size={20} stroke={1.6} aria-hidden /> : null}
      <span className={classes.label}>{label}</span>
    </a>
  );
}

/** The menu's entries for a role: the side menu's, and the whole page of them on a phone without JS. */
export function NavigationEntries({ role, idPrefix }: { role: Role; idPrefix: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  // A customer who reads a release sees no working-copy screens (the layout's loader knows).
  const readsRelease = useRouteLoaderData<{ readsRelease?: boolean }>("routes/_app")?.readsRelease ?? false;
  const entries = navigationFor(role, readsRelease);
  const current = currentNavPath(location.pathname, entries);
  return entries.map((entry) =>
    isGroup(entry) ? (
      <div key={entry.key} className={classes.group} role="group" aria-labelledby={`${idPrefix}-${entry.key}`}>
        <div id={`${idPrefix}-${entry.key}`} className={classes.groupLabel}>
          <span className={classes.label}>{t(`nav.${entry.key}`)}</span>
        </div>
        {entry.items.map((item) => (
          <MenuLink key={item.key} item={item} current={current} />
        ))}
      </div>
    ) : (
      <MenuLink key={entry.key} item={entry} current={current} />
    ),
  );
}

/**
 * Left side menu (spec 01 §2). Collapsing is a form post that stores a cookie, so the server
 * renders the same state on the next page and it works without JS; with JS the fetcher
 * applies it at once. Below 900 px it is a drawer the top bar's menu button opens (`open`).
 */
export function SideMenu({ role, prefs, open }: { role: Role; prefs: SidebarPrefs; open: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("showWholeDrawer");
  const showWhole = pending != null ? pending === "true" : prefs.showWholeDrawer;
  // Collapsing under the pointer (or with the focus on the button) must show at once: hovering
  // expands it again only after the pointer or the focus has left the menu and come back.
  const [hoverPaused, setHoverPaused] = useState(false);
  return (
    <nav
      id="side-menu"
      className={classes.nav}
      aria-label={t("nav.mainMenu")}
      data-collapsed={showWhole ? undefined : ""}
      data-hover-expand={!showWhole && prefs.expandOnHover ? "" : undefined}
      data-hover-paused={hoverPaused ? "" : undefined}
      data-open={open ? "" : undefined}
      // The menu shrinks from under the pointer, so "left" cannot be told from "never left": the
      // next time the pointer comes in, hovering expands it again.
      onMouseEnter={() => setHoverPaused(false)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHoverPaused(false);
      }}
      data-testid="side-menu"
    >
      <div className={classes.navScroll}>
        <NavigationEntries role={role} idPrefix="nav-group" />
      </div>
      <fetcher.Form method="post" action="/prefs/sidebar" className={classes.collapseForm} onSubmit={() => setHoverPaused(showWhole)}>
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <input type="hidden" name="showWholeDrawer" value={showWhole ? "false" : "true"} />
        <button type="submit" className={classes.link} data-testid="sidebar-toggle" aria-expanded={showWhole}>
          {showWhole ? <IconChevronsLeft size={20} aria-hidden /> : <IconChevronsRight size={20} aria-hidden />}
          <span className={classes.label}>{showWhole ? t("nav.collapse") : t("nav.expand")}</span>
          <span className="visually-hidden">{showWhole ? "" : t("nav.expand")}</span>
        </button>
      </fetcher.Form>
    </nav>
  );
}

