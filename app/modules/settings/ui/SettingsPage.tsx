import { Anchor, Button, Card, Checkbox, Stack, Text, Title } from "@mantine/core";
import { Form, Link, Outlet } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { SidebarPrefs } from "~/ui/shell/prefs";
import type { OwnSession } from "../sessions.server";
import { SessionsCard } from "./SessionsCard";
import type { ApiKeyInfo } from "../api-keys.server";

/** /settings — the sidebar switches, the own account and its signed-in devices; dialogs (change password) nest here. */
export function SettingsPage({ prefs, canChangePassword, sessions, apiKey }: { prefs: SidebarPrefs; canChangePassword: boolean; sessions: OwnSession[]; apiKey: { current: ApiKeyInfo | null } | null }) {
  const { t } = useTranslation();
  const [showWhole, setShowWhole] = useState(prefs.showWholeDrawer);
  return (
    <Stack maw={720}>
      <Title order={1}>{t("settings.title")}</Title>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t("settings.sidebar")}
        </Title>
        <Form method="post" action="/prefs/sidebar">
          <input type="hidden" name="redirectTo" value="/settings" />
          <input type="hidden" name="notify" value="true" />
          <Stack gap="sm">
            <input type="hidden" name="showWholeDrawer" value="false" />
            <Checkbox
              name="showWholeDrawer"
              value="true"
              label={t("settings.showWholeDrawer")}
              defaultChecked={prefs.showWholeDrawer}
              onChange={(event) => setShowWhole(event.currentTarget.checked)}
            />
            {/* Disabled while the whole drawer is shown (spec 01 §2); a disabled field is not sent, so it keeps its value. */}
            <input type="hidden" name="expandOnHover" value="false" disabled={showWhole} />
            <Checkbox name="expandOnHover" value="true" label={t("settings.expandOnHover")} defaultChecked={prefs.expandOnHover} disabled={showWhole} />
            <div>
              <Button type="submit" data-testid="save-sidebar">
                {t("app.save")}
              </Button>
            </div>
          </Stack>
        </Form>
      </Card>
      {!canChangePassword ? null : (
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            {t("settings.account")}
          </Title>
          <Anchor component={Link} to="/settings/password">
            {t("topbar.changePassword")}
          </Anchor>
        </Card>
      )}
      {apiKey ? (
        <Card withBorder data-testid="api-key-card">
          <Title order={2} size="h4" mb="sm">
            {t("sessions.apiKey.title")}
          </Title>
          <Text size="sm" mb="xs">
            {apiKey.current ? t("sessions.apiKey.label", { prefix: apiKey.current.prefix }) : t("sessions.apiKey.none")}
          </Text>
          <Anchor component={Link} to="/settings/api-key">
            {t("sessions.apiKey.manage")}
          </Anchor>
        </Card>
      ) : null}
      <SessionsCard sessions={sessions} />
      <Outlet />
    </Stack>
  );
}
