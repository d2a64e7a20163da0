import { Button, Group, Paper, Title } from "@mantine/core";
import { useFetcher, useLocation } from "@remix-run/react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SystemMessage } from "../rules";
import classes from "./systeminfo.module.css";

/**
 * The system-message dialog (spec 01 §2; max width 500): headline, HTML text, OK. Rendered by the
 * server over the page, so it works without JS: OK posts to /system-message/read, which records
 * the read and returns here. With JS the same form goes through a fetcher and the dialog closes
 * at once; the shell's data, revalidated, no longer carries the message.
 */
export function SystemMessageDialog({ message }: { message: SystemMessage }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const location = useLocation();
  const titleId = useId();
  // Closed at once on OK; a new message (another key) opens it again.
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (dismissed === message.key) return null;
  return (
    <div className={classes.overlay}>
      <Paper role="dialog" aria-modal="true" aria-labelledby={titleId} className={classes.dialog} shadow="xl" p="lg" withBorder data-testid="system-message">
        <Title order={2} size="h3" id={titleId} mb="sm" data-testid="system-message-headline">
          {message.headline}
        </Title>
        {/* Sanitised on save and again when it came from the system host. */}
        <div className={classes.html} data-testid="system-message-text" dangerouslySetInnerHTML={{ __html: message.text }} />
        <fetcher.Form method="post" action="/system-message/read" preventScrollReset onSubmit={() => setDismissed(message.key)}>
          <input type="hidden" name="key" value={message.key} />
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <Group justify="flex-end" mt="md">
            <Button type="submit" autoFocus data-testid="system-message-ok">
              {t("shell.messageOk")}
            </Button>
          </Group>
        </fetcher.Form>
      </Paper>
    </div>
  );
}
