import { Stack, Title } from "@mantine/core";
import { Outlet, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EntryPlaceProvider } from "~/ui/entry-form";
import { entryOfPath, type SettingsEntryKey } from "../entries";
import { SettingsNav } from "./SettingsNav";
import classes from "./settings.module.css";

/** /settings/* as a page: the entries beside the chosen one (forms of reused admin screens return here). */
export function SettingsLayout({ entries }: { entries: SettingsEntryKey[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Stack gap="md">
      <Title order={1}>{t("topbar.settings")}</Title>
      <div className={classes.frame}>
        <SettingsNav entries={entries} active={entryOfPath(pathname)} />
        <div className={classes.content} data-testid="settings-entry">
          <EntryPlaceProvider to={pathname} overlay={false}>
            <Outlet />
          </EntryPlaceProvider>
        </div>
      </div>
    </Stack>
  );
}
