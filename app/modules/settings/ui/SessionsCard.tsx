import { Badge, Button, Card, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useNavigation } from "@remix-run/react";
import { IconLogout } from "@tabler/icons-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { formatDateTime } from "~/lib/dates";
import { useEntryForm } from "~/ui/entry-form";
import type { DeviceName, OwnSession } from "../sessions.server";

const ACTION = "/settings/sessions";

/** "Firefox on Linux", "Safari on iPhone"; the parts the User-Agent header did not name are left out. */
export function deviceLabel(t: TFunction, name: DeviceName): string {
  const browser = name.browser ?? t("sessions.unknownBrowser");
  if (name.device) return t("sessions.onDevice", { browser, device: name.device });
  return name.os ? t("sessions.onSystem", { browser, os: name.os }) : browser;
}

/**
 * The signed-in user's sessions (settings entry), as stacked rows (no table, so nothing scrolls
 * sideways on a phone). Every button is its own POST form, so it works without JavaScript.
 */
export function SessionsCard({ sessions }: { sessions: OwnSession[] }) {
  const { t, i18n } = useTranslation();
  const { Form, action } = useEntryForm(ACTION);
  const titleId = useId();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === action ? navigation.formData : undefined;
  const others = sessions.filter((s) => !s.current).length;
  return (
    <Card withBorder data-testid="sessions-card">
      <Title order={2} size="h4" mb="xs" id={titleId}>
        {t("sessions.title")}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t("sessions.intro")}
      </Text>
      <Stack component="ul" gap="xs" aria-labelledby={titleId} style={{ listStyle: "none", margin: 0, padding: 0 }}>
        {sessions.map((session) => {
          const label = deviceLabel(t, session.device);
          const lastUsed = formatDateTime(session.lastUsedAt, i18n.language);
          return (
            <Paper component="li" withBorder p="sm" key={session.id} data-testid="session-row" data-current={session.current || undefined}>
              <Group justify="space-between" align="center" gap="xs">
                <Stack gap={2} style={{ minWidth: 0, flex: "1 1 14rem" }}>
                  <Group gap="xs">
                    <Text fw={500} style={{ overflowWrap: "anywhere" }}>
                      {label}
                    </Text>
                    {session.current ? (
                      <Badge variant="light" color="green">
                        {t("sessions.thisDevice")}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t("sessions.signedIn", { date: formatDateTime(session.createdAt, i18n.language) })}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {session.current ? t("sessions.activeNow") : t("sessions.lastUsed", { date: lastUsed })}
                  </Text>
                </Stack>
                {session.current ? null : (
                  <Form method="post" action={action}>
                    <input type="hidden" name="intent" value="one" />
                    <input type="hidden" name="session" value={session.id} />
                    <Button
                      type="submit"
                      size="xs"
                      variant="light"
                      color="red"
                      leftSection={<IconLogout size={14} aria-hidden />}
                      aria-label={t("sessions.signOutLabel", { device: label, date: lastUsed })}
                      loading={sending?.get("session") === session.id}
                    >
                      {t("sessions.signOut")}
                    </Button>
                  </Form>
                )}
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {others > 0 ? (
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="others" />
          <Button type="submit" mt="sm" variant="outline" color="red" loading={sending?.get("intent") === "others"} style={{ maxWidth: "100%" }}>
            {t("sessions.signOutOthers")}
          </Button>
        </Form>
      ) : (
        <Text size="sm" mt="sm" data-testid="sessions-only-this">
          {t("sessions.onlyThis")}
        </Text>
      )}
    </Card>
  );
}
