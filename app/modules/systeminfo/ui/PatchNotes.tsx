import { Button, Stack, Text, Title } from "@mantine/core";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { patchNotesLoader } from "../public-page.server";
import { pagerOf, patchDay, type PatchNote } from "../rules";
import classes from "./systeminfo.module.css";

/**
 * The patch-notes dialog (spec 01 §2, §4): newest first; headline, date (the part of patch_date
 * before the first space), version and HTML text; OK, Previous only above the first, Next only
 * below the last, and "n / total". With JS a modal over the current page (VersionLink.tsx) whose notes a fetcher
 * loads; without JS the page /patch-notes, paging with ?n= and returning to ?redirectTo= on OK.
 */

const MAX_WIDTH = 500;

export type Control = "previous" | "next" | "ok";

function PatchNoteBody({ note }: { note: PatchNote }) {
  const { t } = useTranslation();
  const day = patchDay(note.patch_date);
  return (
    <Stack gap={6}>
      <Title order={2} size="h4" data-testid="patch-note-headline">
        {note.headline}
      </Title>
      <Text size="sm" c="dimmed">
        {day ? (
          <span data-testid="patch-note-date">
            {t("systeminfo.patchNotes.date")}: {day}
          </span>
        ) : null}
        {day && note.version ? " · " : null}
        {note.version ? (
          <span data-testid="patch-note-version">
            {t("systeminfo.patchNotes.version")}: {note.version}
          </span>
        ) : null}
      </Text>
      {/* Sanitised on save and again when it came from the system host. */}
      <div className={classes.html} data-testid="patch-note-text" dangerouslySetInnerHTML={{ __html: note.text }} />
    </Stack>
  );
}

/** One note and the controls; `control` renders a button as a link (page) or with a click handler (modal). */
export function PatchNotesContent({ notes, index, control }: { notes: PatchNote[]; index: number; control: (kind: Control, label: string) => ReactNode }) {
  const { t } = useTranslation();
  const pager = pagerOf(index, notes.length);
  const note = notes[pager.index];
  return (
    <Stack gap="md" data-testid="patch-notes">
      {note ? (
        <PatchNoteBody note={note} />
      ) : (
        <Text size="sm" data-testid="patch-notes-none">
          {t("systeminfo.patchNotes.none")}
        </Text>
      )}
      <div className={classes.pager}>
        <div className={classes.pagerSide}>{pager.hasPrevious ? control("previous", t("systeminfo.patchNotes.previous")) : null}</div>
        {note ? (
          <Text size="sm" data-testid="patch-notes-counter" aria-label={t("systeminfo.patchNotes.counterLabel", { n: pager.index + 1, total: notes.length })}>
            {pager.counter}
          </Text>
        ) : null}
        <div className={classes.pagerSide}>
          {pager.hasNext ? control("next", t("systeminfo.patchNotes.next")) : null}
          {control("ok", t("systeminfo.patchNotes.ok"))}
        </div>
      </div>
    </Stack>
  );
}

/**
 * /patch-notes — the notes as a page of their own (without JS, or opened by its address): a
 * heading and the notes in the shell, not a dialog over an empty page (issue 32 §6).
 */
export function PatchNotesPage() {
  const { t } = useTranslation();
  const { notes, index, back } = useLoaderData<typeof patchNotesLoader>();
  const at = (n: number) => `/patch-notes?${new URLSearchParams({ n: String(n), redirectTo: back })}`;
  const target: Record<Control, string> = { previous: at(index), next: at(index + 2), ok: back };
  return (
    <Stack maw={MAX_WIDTH} gap="md" data-testid="patch-notes-page">
      <Title order={1}>{t("shell.patchNotes")}</Title>
      <PatchNotesContent
        notes={notes}
        index={index}
        control={(kind, label) => (
          <Button component={Link} to={target[kind]} variant={kind === "ok" ? "filled" : "default"} size="sm" preventScrollReset data-testid={`patch-notes-${kind}`}>
            {label}
          </Button>
        )}
      />
    </Stack>
  );
}
