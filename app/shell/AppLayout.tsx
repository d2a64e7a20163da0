import { useLocation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { SidebarPrefs } from "~/server/prefs.server";
import type { SessionUser } from "~/modules/access/user.server";
import { SettingsDialogProvider } from "~/modules/settings/ui/SettingsDialog";
import type { SystemMessage } from "~/modules/systeminfo/rules";
import { SystemMessageDialog } from "~/modules/systeminfo/ui/SystemMessageDialog";
import { ClientLinks } from "~/ui/ClientLinks";
import { SideMenu } from "./SideMenu";
import { TopBar } from "./TopBar";
import classes from "./shell.module.css";

/** The default layout of spec 01 §2: top bar, collapsible side menu, content. */
export function AppLayout({
  user,
  canChangePassword,
  prefs,
  version,
  appBarStyle,
  logoUrl = null,
  systemMessage = null,
  title,
  unread = 0,
  children,
}: {
  user: SessionUser;
  canChangePassword: boolean;
  prefs: SidebarPrefs;
  version: string;
  appBarStyle: { background: string; color: string };
  /** The organisation's logo (admin setting), shown in the top bar; null → the app icon. */
  logoUrl?: string | null;
  /** The current system message, unless this user has read it (issue 16 §7). */
  systemMessage?: SystemMessage | null;
  title?: string | null;
  /** Unread notifications: the top bar's bell. */
  unread?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  // The phone's drawer: closed again by a navigation and by Escape.
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setMenuOpen(false), [location.key]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpen(false);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);
  return (
    // The settings open over any page; plain links anywhere in the layout become client-side navigations (one listener).
    <SettingsDialogProvider user={user} canChangePassword={canChangePassword}>
      <ClientLinks className={classes.layout}>
        <a href="#main" className="skip-link">
          {t("app.skipToContent")}
        </a>
        <TopBar
          user={user}
          canChangePassword={canChangePassword}
          version={version}
          style={appBarStyle}
          logoUrl={logoUrl}
          title={title}
          unread={unread}
          menu={{ open: menuOpen, toggle: () => setMenuOpen((open) => !open) }}
        />
        <div className={classes.body}>
          <SideMenu role={user.role} prefs={prefs} open={menuOpen} />
          {menuOpen ? (
            <div
              className={classes.backdrop}
              aria-hidden
              onClick={() => setMenuOpen(false)}
            />
          ) : null}
          <main id="main" className={classes.main} tabIndex={-1}>
            {children}
          </main>
        </div>
        {systemMessage ? <SystemMessageDialog message={systemMessage} /> : null}
      </ClientLinks>
    </SettingsDialogProvider>
  );
}
