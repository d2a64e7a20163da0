import { Avatar, Badge, Group, Text } from "@mantine/core";
import { Form, Link, useLocation } from "@remix-run/react";
import { IconKey, IconLanguage, IconLogout, IconSettings } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ROLE_LABEL_KEYS } from "~/auth/roles";
import { SUPPORTED_LANGUAGES } from "~/i18n/config";
import { firstLetter } from "~/lib/initials";
import type { SessionUser } from "~/models/user.server";
import { DisclosureMenu } from "../DisclosureMenu";
import classes from "./shell.module.css";

const LANGUAGE_LABEL_KEYS = { de: "topbar.languageDe", en: "topbar.languageEn" } as const;

export function TopBar({
  user,
  version,
  style,
  title,
}: {
  user: SessionUser;
  version: string;
  style: { background: string; color: string };
  title?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <header className={classes.header} style={style} data-testid="top-bar">
      <Group gap="sm" wrap="nowrap">
        <Link to="/dashboard" className={classes.brand} style={{ color: style.color }}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{t("app.name")}</span>
        </Link>
        <Text size="xs" data-testid="app-version" style={{ color: style.color, opacity: 0.8 }}>
          {t("app.version", { version })}
        </Text>
        {title ? (
          <Text fw={600} data-testid="catalogue-title" style={{ color: style.color }}>
            {title}
          </Text>
        ) : null}
      </Group>
      <Group gap="xs" wrap="nowrap">
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
            <Avatar color="green" radius="xl" size={32} variant="filled" aria-hidden>
              {firstLetter(user.name)}
            </Avatar>
          }
        >
          <div className={classes.userInfo}>
            <Text size="sm" fw={600}>
              {t("topbar.loggedInAs", { name: user.name })}
            </Text>
            <Group gap={4} mt={4}>
              <Badge color="green.9" variant="filled" size="sm" data-testid="role-chip">
                {t(ROLE_LABEL_KEYS[user.role])}
              </Badge>
            </Group>
          </div>
          <Link to="/settings">
            <IconSettings size={16} aria-hidden />
            {t("topbar.settings")}
          </Link>
          {user.azureUser ? null : (
            <Link to={`/settings/password?${new URLSearchParams({ redirectTo: here })}`}>
              <IconKey size={16} aria-hidden />
              {t("topbar.changePassword")}
            </Link>
          )}
          <Form method="post" action="/logout" reloadDocument>
            <button type="submit" data-testid="logout">
              <IconLogout size={16} aria-hidden />
              {t("topbar.logout")}
            </button>
          </Form>
        </DisclosureMenu>
      </Group>
    </header>
  );
}
