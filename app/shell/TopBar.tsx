import { Form, useLocation } from "@remix-run/react";
import { IconBell, IconBook, IconInfoCircle, IconKey, IconLanguage, IconLogout, IconMenu2, IconSettings } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ROLE_LABEL_KEYS } from "~/modules/access/roles";
import { SUPPORTED_LANGUAGES } from "~/i18n/config";
import { firstLetter } from "~/shell/initials";
import type { SessionUser } from "~/modules/access/user.server";
import { useOpenSettings } from "~/modules/settings/ui/SettingsDialog";
import { SupportButton } from "~/modules/support/ui/SupportButton";
import { VersionLink } from "~/modules/systeminfo/ui/VersionLink";
import { DisclosureMenu } from "~/ui/DisclosureMenu";
import classes from "./shell.module.css";

const LANGUAGE_LABEL_KEYS = { de: "topbar.languageDe", en: "topbar.languageEn" } as const;

export function TopBar({
  user,
  canChangePassword,
  version,
  style,
  logoUrl = null,
  title,
  unread = 0,
  menu,
}: {
  user: SessionUser;
  /** Hidden for SSO accounts and everyone in Azure mode. */
  canChangePassword: boolean;
  version: string;
  style: { background: string; color: string };
  /** The organisation's logo (/admin/logo), instead of the app icon. */
  logoUrl?: string | null;
  title?: string | null;
  /** Unread notifications (issue 36 §5). */
  unread?: number;
  /** The phone's drawer (below 900 px): its state and the menu button's action. */
  menu: { open: boolean; toggle: () => void };
}) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const here = location.pathname + location.search;
  const openSettings = useOpenSettings();
  return (
    <header className={classes.header} style={style} data-testid="top-bar">
      <div className={classes.headerGroup}>
        {/* Without JS a link to the page with the whole menu; with JS it opens the drawer. */}
        <a
          href="/menu"
          className={classes.menuButton}
          style={{ color: style.color }}
          aria-label={t("nav.openMenu")}
          aria-controls="side-menu"
          aria-expanded={menu.open}
          onClick={(event) => {
            event.preventDefault();
            menu.toggle();
          }}
          data-testid="menu-button"
        >
          <IconMenu2 size={22} aria-hidden />
        </a>
        <a href="/dashboard" className={classes.brand} style={{ color: style.color }} aria-label={t("app.name")}>
          {logoUrl ? (
            <img src={logoUrl} alt={t("shell.logoAlt")} height={28} style={{ width: "auto", maxWidth: 120, objectFit: "contain" }} data-testid="top-bar-logo" />
          ) : (
            <img src="/favicon.svg" alt="" width={28} height={28} />
          )}
          <span>{t("app.name")}</span>
        </a>
        <VersionLink version={version} className={classes.version} style={{ color: style.color }} />
        {title ? (
          <span className={classes.headerTitle} data-testid="catalogue-title" style={{ color: style.color }}>
            {title}
          </span>
        ) : null}
      </div>
      <div className={classes.headerGroup}>
        <a
          href="/notifications"
          className={classes.bell}
          style={{ color: style.color }}
          aria-label={t("topbar.notifications", { count: unread })}
          title={t("topbar.notifications", { count: unread })}
          data-testid="bell"
        >
          <IconBell size={20} aria-hidden />
          {unread > 0 ? (
            <span className={classes.bellCount} data-testid="bell-count" aria-hidden>
              {unread > 99 ? "99+" : unread}
            </span>
          ) : null}
        </a>
        <SupportButton color={style.color} />
        <DisclosureMenu
          label={t("topbar.language")}
          testId="language-menu"
          summary={
            <>
              <IconLanguage size={20} aria-hidden />
              <span>{i18n.language.toUpperCase()}</span>
            </>
          }
        >
          <Form method="post" action="/language" reloadDocument>
            <input type="hidden" name="redirectTo" value={here} />
            {SUPPORTED_LANGUAGES.map((lng) => (
              <button
                key={lng}
                type="submit"
                name="lng"
                value={lng}
                lang={lng}
                aria-current={i18n.language === lng ? "true" : undefined}
                onClick={() => window.localStorage.setItem("language", lng)}
              >
                {t(LANGUAGE_LABEL_KEYS[lng])}
              </button>
            ))}
          </Form>
        </DisclosureMenu>
        <DisclosureMenu
          label={t("topbar.userMenu")}
          testId="user-menu"
          summary={
            <span className={classes.avatar} aria-hidden>
              {firstLetter(user.name)}
            </span>
          }
        >
          <div className={classes.userInfo}>
            <p className={classes.userName}>{t("topbar.loggedInAs", { name: user.name })}</p>
            <span className={classes.roleChip} data-testid="role-chip">
              {t(ROLE_LABEL_KEYS[user.role])}
            </span>
          </div>
          <a
            href="/settings"
            onClick={(event) => {
              if (!openSettings) return;
              event.preventDefault();
              openSettings();
            }}
            data-testid="open-settings"
          >
            <IconSettings size={16} aria-hidden />
            {t("topbar.settings")}
          </a>
          {!canChangePassword ? null : (
            <a href={`/settings/password?${new URLSearchParams({ redirectTo: here })}`}>
              <IconKey size={16} aria-hidden />
              {t("topbar.changePassword")}
            </a>
          )}
          <a href="/documentation" data-testid="open-documentation">
            <IconBook size={16} aria-hidden />
            {t("shell.documentation")}
          </a>
          <a href="/dashboard/info" data-testid="open-product-info">
            <IconInfoCircle size={16} aria-hidden />
            {t("shell.productInfo")}
          </a>
          <Form method="post" action="/logout" reloadDocument>
            <button type="submit" data-testid="logout">
              <IconLogout size={16} aria-hidden />
              {t("topbar.logout")}
            </button>
          </Form>
        </DisclosureMenu>
      </div>
    </header>
  );
}
