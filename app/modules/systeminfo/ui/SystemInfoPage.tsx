import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Link, Outlet } from "@remix-run/react";
import { IconPlus } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/dates";
import type { systemInfoLoader } from "../admin-page.server";
import { patchDay } from "../rules";

type Data = Awaited<ReturnType<typeof systemInfoLoader>>;

const BASE = "/admin/systeminfo";

/** One record in a list: its headline, a line about it, and edit/delete (dialogs over the list). */
function Row({ headline, path, testId, children }: { headline: string; path: string; testId: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card withBorder component="li" padding="sm" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: "1 1 240px" }}>
          <Text fw={600} style={{ overflowWrap: "anywhere" }}>
            {headline}
          </Text>
          {children}
        </Stack>
        <Group gap="sm" wrap="nowrap">
          <Anchor component={Link} to={`${path}/edit`} size="sm" aria-label={t("systeminfo.editLabel", { headline })} preventScrollReset>
            {t("systeminfo.edit")}
          </Anchor>
          <Anchor component={Link} to={`${path}/delete`} size="sm" c="red.8" aria-label={t("systeminfo.deleteLabel", { headline })} preventScrollReset>
            {t("systeminfo.delete")}
          </Anchor>
        </Group>
      </Group>
    </Card>
  );
}

function Section({ title, newLabel, newPath, testId, empty, children }: { title: string; newLabel: string; newPath: string; testId: string; empty: string | null; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Button component={Link} to={newPath} leftSection={<IconPlus size={16} aria-hidden />} variant="light" preventScrollReset data-testid={`new-${testId}`}>
          {newLabel}
        </Button>
      </Group>
      {empty ? (
        <Text size="sm" c="dimmed" data-testid={`${testId}-empty`}>
          {empty}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label={title}>
          {children}
        </Stack>
      )}
    </Stack>
  );
}

/** /admin/systeminfo — patch notes and system messages of this instance (superadmins); the dialogs open over it. */
export function SystemInfoPage({ notes, messages, host }: Data) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>{t("systeminfo.title")}</Title>
      <Text size="sm" c="dimmed">
        {t("systeminfo.intro")}
      </Text>
      {host ? (
        <Alert color="blue" title={t("systeminfo.host.title")} data-testid="system-host">
          <Stack gap={4}>
            <Text size="sm">{t("systeminfo.host.body", { url: host.url })}</Text>
            <Text size="sm">{host.reachable ? t("systeminfo.host.version", { version: host.version }) : t("systeminfo.host.unreachable")}</Text>
          </Stack>
        </Alert>
      ) : null}
      <Section title={t("systeminfo.notes.title")} newLabel={t("systeminfo.notes.new")} newPath={`${BASE}/patch-notes/new`} testId="patch-note" empty={notes.length ? null : t("systeminfo.notes.empty")}>
        {notes.map((note) => (
          <Row key={note.id} headline={note.headline} path={`${BASE}/patch-notes/${note.id}`} testId="patch-note-row">
            <Text size="sm" c="dimmed">
              {[note.version ? `${t("systeminfo.notes.version")} ${note.version}` : null, patchDay(note.patch_date) || null].filter(Boolean).join(" · ")}
            </Text>
          </Row>
        ))}
      </Section>
      <Section title={t("systeminfo.messages.title")} newLabel={t("systeminfo.messages.new")} newPath={`${BASE}/messages/new`} testId="message" empty={messages.length ? null : t("systeminfo.messages.empty")}>
        {messages.map((message) => (
          <Row key={message.id} headline={message.headline} path={`${BASE}/messages/${message.id}`} testId="message-row">
            <Group gap="xs" wrap="wrap">
              <Text size="sm" fw={600} c={message.active ? "green.9" : "gray.7"} data-testid="message-status">
                {message.active ? t("systeminfo.messages.active") : message.expiration_date ? t("systeminfo.messages.expired") : t("systeminfo.messages.noExpiration")}
              </Text>
              {message.expiration_date ? (
                <Text size="sm" c="dimmed">
                  {t("systeminfo.messages.expirationDate")}: {formatDateTime(message.expiration_date, i18n.language)}
                </Text>
              ) : null}
            </Group>
          </Row>
        ))}
      </Section>
      <Outlet />
    </Stack>
  );
}
