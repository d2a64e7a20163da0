import { Button, Loader, Stack, Text } from "@mantine/core";
import { useFetcher, useLocation } from "@remix-run/react";
import { Suspense, useState, type CSSProperties, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { lazyWithTexts } from "~/i18n/namespaces";
import { LazyModal } from "~/ui/LazyModal";
import type { patchNotesLoader } from "../public-page.server";
import type { Control } from "./PatchNotes";

// The top bar shows the link on every page; the notes' view loads when the dialog first opens.
const PatchNotesContent = lazyWithTexts(["systeminfo"], () => import("./PatchNotes").then((m) => ({ default: m.PatchNotesContent })));
// The width of the notes' column on the /patch-notes page (PatchNotes.tsx).
const MAX_WIDTH = 500;

/**
 * "Version: x" in the top bar: a link to /patch-notes (works without JS); with JS it opens the
 * dialog over the current page instead, and closing it starts at the newest note next time.
 */
export function VersionLink({ version, className, style }: { version: string; className?: string; style?: CSSProperties }) {
  const { t } = useTranslation();
  const location = useLocation();
  const href = `/patch-notes?${new URLSearchParams({ redirectTo: location.pathname + location.search })}`;
  const fetcher = useFetcher<typeof patchNotesLoader>();
  const [opened, setOpened] = useState(false);
  const [index, setIndex] = useState(0);
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setIndex(0);
    setOpened(true);
    fetcher.load(href);
  };
  const close = () => {
    setOpened(false);
    setIndex(0);
  };
  const notes = fetcher.data?.notes;
  const loading = (
    <Stack align="center" gap="xs" py="md" role="status">
      <Loader size="sm" aria-hidden />
      <Text size="sm">{t("shell.patchNotesLoading")}</Text>
    </Stack>
  );
  const step: Record<Control, () => void> = { previous: () => setIndex((i) => i - 1), next: () => setIndex((i) => i + 1), ok: close };
  return (
    <>
      <a href={href} className={className} style={style} onClick={open} aria-haspopup="dialog" data-testid="app-version">
        {t("app.version", { version })}
      </a>
      <LazyModal opened={opened} onClose={close} title={t("shell.patchNotes")} size={MAX_WIDTH} closeButtonProps={{ "aria-label": t("app.close") }} data-testid="patch-notes-dialog">
        {notes ? (
          <Suspense fallback={loading}>
            <PatchNotesContent
              notes={notes}
              index={index}
              control={(kind, label) => (
                <Button onClick={step[kind]} variant={kind === "ok" ? "filled" : "default"} size="sm" data-testid={`patch-notes-${kind}`}>
                  {label}
                </Button>
              )}
            />
          </Suspense>
        ) : (
          loading
        )}
      </LazyModal>
    </>
  );
}
