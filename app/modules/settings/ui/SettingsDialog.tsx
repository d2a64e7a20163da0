import { Loader, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useFetcher, useLocation } from "@remix-run/react";
import { createContext, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { RoleInput } from "~/modules/access/roles";
import { EntryPlaceProvider } from "~/ui/entry-form";
import { LazyModal } from "~/ui/LazyModal";
import { entryPath, entryToShow, visibleEntries, type SettingsEntryKey } from "../entries";
import { ENTRY_PANELS, WITHOUT_DATA } from "./entry-panels";
import { SettingsNav } from "./SettingsNav";
import classes from "./settings.module.css";

/** The entry last chosen in this browser (spec 01 §2: the dialog reopens on it if still visible). */
const STORAGE_KEY = "settingsEntry";

const OpenSettingsContext = createContext<((entry?: SettingsEntryKey) => void) | null>(null);

/** Opens the settings dialog over the current page; null outside the signed-in shell. */
export function useOpenSettings() {
  return useContext(OpenSettingsContext);
}

function EntryContent({ entry }: { entry: SettingsEntryKey }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const load = useRef(fetcher.load);
  load.current = fetcher.load;
  const needsData = !WITHOUT_DATA.includes(entry);
  useEffect(() => {
    if (needsData) void load.current(entryPath(entry));
  }, [entry, needsData]);
  const loading = (
    <Text size="sm" role="status" data-testid="settings-loading">
      <Loader size="xs" mr="xs" aria-hidden />
      {t(entry === "api-key" ? "sessions.apiKey.loading" : "settings.loading")}
    </Text>
  );
  if (needsData && fetcher.data === undefined) return loading;
  const Panel = ENTRY_PANELS[entry];
  return (
    <Suspense fallback={loading}>
      <Panel data={fetcher.data} />
    </Suspense>
  );
}

/**
 * The settings as a dialog over the current page (JS). Each entry's panel loads its /settings/<entry>
 * route's data; its forms return to this page, which stays where it was. Leaving the page (a link
 * inside an entry) closes the dialog. Without JS the avatar menu's link opens /settings as a page.
 */
export function SettingsDialogProvider({ user, canChangePassword, children }: { user: RoleInput; canChangePassword: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const phone = useMediaQuery("(max-width: 48em)");
  const visible = useMemo(() => visibleEntries(user, canChangePassword), [user, canChangePassword]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<SettingsEntryKey>(visible[0] ?? "sidebar");
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (location.pathname !== shownPath.current) setOpen(false);
    shownPath.current = location.pathname;
  }, [location.pathname]);
  const openSettings = useCallback(
    (entry?: SettingsEntryKey) => {
      setActive(entryToShow(entry ?? window.localStorage.getItem(STORAGE_KEY), visible));
      setOpen(true);
    },
    [visible],
  );
  const select = (key: SettingsEntryKey) => {
    setActive(key);
    window.localStorage.setItem(STORAGE_KEY, key);
  };
  return (
    <OpenSettingsContext.Provider value={openSettings}>
      {children}
      <LazyModal opened={open} onClose={() => setOpen(false)} title={t("settings.title")} size={1024} fullScreen={phone} closeButtonProps={{ "aria-label": t("app.close") }} data-testid="settings-dialog">
        <div className={classes.frame}>
          <SettingsNav entries={visible} active={active} onSelect={select} />
          <div className={classes.content} data-testid="settings-entry">
            <EntryPlaceProvider to={location.pathname + location.search} overlay>
              <EntryContent key={active} entry={active} />
            </EntryPlaceProvider>
          </div>
        </div>
      </LazyModal>
    </OpenSettingsContext.Provider>
  );
}
