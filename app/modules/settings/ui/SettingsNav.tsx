import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { entryPath, type SettingsEntryKey } from "../entries";
import classes from "./settings.module.css";

/**
 * The settings' entries: links on the page (each entry is a URL), buttons in the dialog over the
 * current page (choosing one does not navigate).
 */
export function SettingsNav({ entries, active, onSelect }: { entries: readonly SettingsEntryKey[]; active: SettingsEntryKey | null; onSelect?: (key: SettingsEntryKey) => void }) {
  const { t } = useTranslation();
  return (
    <nav className={classes.nav} aria-label={t("settings.entriesLabel")} data-testid="settings-nav">
      <ul>
        {entries.map((key) => (
          <li key={key}>
            {onSelect ? (
              <button type="button" className={classes.item} aria-current={key === active ? "true" : undefined} onClick={() => onSelect(key)} data-entry={key}>
                {t(`settings.entries.${key}`)}
              </button>
            ) : (
              <Link to={entryPath(key)} className={classes.item} aria-current={key === active ? "page" : undefined} data-entry={key}>
                {t(`settings.entries.${key}`)}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
