import { Title } from "@mantine/core";
import { useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { SessionUser } from "~/modules/access/user.server";
import { NavigationEntries } from "./SideMenu";
import classes from "./shell.module.css";

/** /menu — the whole menu as a page: where the top bar's menu button leads on a phone without JS. */
export function MenuPage() {
  const { t } = useTranslation();
  const layout = useRouteLoaderData<{ user: SessionUser }>("routes/_app");
  if (!layout) return null;
  return (
    <nav className={classes.menuPage} aria-labelledby="menu-page-title" data-testid="menu-page">
      <Title order={1} id="menu-page-title" mb="sm">
        {t("nav.menuPage")}
      </Title>
      <NavigationEntries role={layout.user.role} idPrefix="menu-page-group" />
    </nav>
  );
}
