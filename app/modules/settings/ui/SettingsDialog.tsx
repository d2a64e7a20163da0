import { Loader } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useLocation } from "@remix-run/react";
import { createContext, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { RoleInput } from "~/modules/access/roles";
import { lazyWithTexts } from "~/i18n/namespaces";
import { LazyModal } from "~/ui/LazyModal";
import { entryToShow, visibleEntries, type SettingsEntryKey } from "../entries";

// The entries and their panels load when the dialog first opens, with the texts only they show.
const SettingsBody = lazyWithTexts(["sessions", "settings"], () => import("./SettingsDialogBody"));

/** The entry last chosen in this browser (spec 01 §2: the dialog reopens on it if still visible). */
const STORAGE_KEY = "settingsEntry";

const OpenSettingsContext = createContext<((entry?: SettingsEntryKey) => void) | null>(null);

/** Opens the settings dialog over the current page; null outside the signed-in shell. */
export function useOpenSettings() {
  return useContext(OpenSettingsContext);
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
      <LazyModal opened={open} onClose={() => setOpen(false)} title={t("topbar.settings")} size={1024} fullScreen={phone} closeButtonProps={{ "aria-label": t("app.close") }} data-testid="settings-dialog">
        <Suspense fallback={<Loader size="sm" aria-label={t("shell.settingsLoading")} />}>
          <SettingsBody entries={visible} active={active} onSelect={select} back={location.pathname + location.search} />
        </Suspense>
      </LazyModal>
    </OpenSettingsContext.Provider>
  );
}
