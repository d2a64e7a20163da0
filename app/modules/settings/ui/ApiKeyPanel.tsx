import { Alert, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/dates";
import { useEntryForm } from "~/ui/entry-form";
import { FlashToast } from "~/ui/FlashToast";
import type { Flash } from "~/server/flash.server";
import type { ApiKeyInfo } from "../api-keys.server";
import classes from "./settings.module.css";

/** The Api-Key entry: the active key's prefix, and a new key shown once in full with a copy button. */
export function ApiKeyPanel({ data }: { data: { current: ApiKeyInfo | null } }) {
  const { t, i18n } = useTranslation();
  const { current } = data;
  const { Form, action, result: made, busy } = useEntryForm<{ key?: string }>("/settings/api-key");
  const [toast, setToast] = useState<Flash | null>(null);
  const copy = async (key: string) => {
    try {
      await navigator.clipboard.writeText(key);
      setToast({ id: String(Date.now()), kind: "success", message: "sessions.apiKey.copied" });
    } catch (error) {
      setToast({ id: String(Date.now()), kind: "error", message: "sessions.apiKey.copyFailed", values: { reason: error instanceof Error ? error.message : String(error) } });
    }
  };
  return (
    <Stack gap="md" data-testid="api-key-panel">
      <Title order={2} size="h3">
        {t("sessions.apiKey.title")}
      </Title>
      {made?.key ? (
        <Alert color="green" title={t("sessions.apiKey.newTitle")} data-testid="api-key-new">
          <Stack gap="xs">
            <Text size="sm">{t("sessions.apiKey.onlyNow")}</Text>
            <Text size="sm" fw={500} id="api-key-value-label">
              {t("sessions.apiKey.newLabel")}
            </Text>
            {/* Text, not an input: a one-line input clips glyphs below its line, and with DejaVu
                Sans Mono (Linux's usual monospace) the key's underscores vanished (issue 32 §12). */}
            <Group gap="xs" align="center" wrap="nowrap">
              <code className={classes.apiKey} aria-labelledby="api-key-value-label" data-testid="api-key-value">
                {made.key}
              </code>
              <Button variant="default" onClick={() => copy(made.key!)} data-testid="api-key-copy">
                {t("sessions.apiKey.copy")}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      <Text size="sm" data-testid="api-key-current">
        {current ? t("sessions.apiKey.current", { prefix: current.prefix, date: formatDateTime(current.createdAt, i18n.language) }) : t("sessions.apiKey.none")}
      </Text>
      <Form method="post" action={action}>
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {current ? t("sessions.apiKey.rotateHint") : t("sessions.apiKey.createHint")}
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={busy} data-testid="api-key-rotate">
              {current ? t("sessions.apiKey.rotate") : t("sessions.apiKey.create")}
            </Button>
          </Group>
        </Stack>
      </Form>
      {toast ? <FlashToast key={toast.id} flash={toast} /> : null}
    </Stack>
  );
}
