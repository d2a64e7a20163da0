import { Loader, Text } from "@mantine/core";
import { useFetcher } from "@remix-run/react";
import { Suspense, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { EntryPlaceProvider } from "~/ui/entry-form";
import { entryPath, type SettingsEntryKey } from "../entries";
import { ENTRY_PANELS, WITHOUT_DATA } from "./entry-panels";
import { SettingsNav } from "./SettingsNav";
import classes from "./settings.module.css";

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
      {t(entry === "api-key" ? "sessions.apiKey.loading" : "shell.settingsLoading")}
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

/** The settings dialog's content (SettingsDialog.tsx loads it when the dialog first opens). */
export default function SettingsDialogBody({ entries, active, onSelect, back }: { entries: readonly SettingsEntryKey[]; active: SettingsEntryKey; onSelect: (key: SettingsEntryKey) => void; back: string }) {
  return (
    <div className={classes.frame}>
      <SettingsNav entries={entries} active={active} onSelect={onSelect} />
      <div className={classes.content} data-testid="settings-entry">
        <EntryPlaceProvider to={back} overlay>
          <EntryContent key={active} entry={active} />
        </EntryPlaceProvider>
      </div>
    </div>
  );
}
