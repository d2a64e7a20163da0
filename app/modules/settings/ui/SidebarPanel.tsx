import { Button, Checkbox, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useEntryForm } from "~/ui/entry-form";
import { useReadBack } from "~/ui/read-back";
import type { SidebarPrefs } from "~/server/prefs.server";

/** The Sidebar entry: the side menu's two switches (spec 01 §2), kept in a cookie for this browser. */
export function SidebarPanel({ data }: { data: { prefs: SidebarPrefs } }) {
  const { t } = useTranslation();
  const { prefs } = data;
  const { Form, action, busy } = useEntryForm("/prefs/sidebar");
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t("settings.sidebar")}
      </Title>
      <Text size="sm" c="dimmed">
        {t("settings.sidebarIntro")}
      </Text>
      {/* key: after a save the stored values are what the boxes show. */}
      <Form method="post" action={action} key={`${prefs.showWholeDrawer}-${prefs.expandOnHover}`}>
        <input type="hidden" name="notify" value="true" />
        <Stack gap="sm">
          <SidebarSwitches prefs={prefs} />
          <div>
            <Button type="submit" loading={busy} data-testid="save-sidebar">
              {t("app.save")}
            </Button>
          </div>
        </Stack>
      </Form>
    </Stack>
  );
}

/**
 * The two switches. Inside the keyed form, so a save starts them afresh from the stored values; and
 * a box ticked before the page came to life (no change event reached React) is read back once it has.
 */
function SidebarSwitches({ prefs }: { prefs: SidebarPrefs }) {
  const { t } = useTranslation();
  const [showWhole, setShowWhole] = useState(prefs.showWholeDrawer);
  const wholeBox = useReadBack<HTMLInputElement>((box) => setShowWhole(box.checked));
  return (
    <>
      <input type="hidden" name="showWholeDrawer" value="false" />
      <Checkbox
        ref={wholeBox}
        name="showWholeDrawer"
        value="true"
        label={t("settings.showWholeDrawer")}
        defaultChecked={prefs.showWholeDrawer}
        onChange={(event) => setShowWhole(event.currentTarget.checked)}
      />
      {/* Disabled while the whole drawer is shown (spec 01 §2); a disabled field is not sent, so it keeps its value. */}
      <input type="hidden" name="expandOnHover" value="false" disabled={showWhole} />
      <Checkbox name="expandOnHover" value="true" label={t("settings.expandOnHover")} defaultChecked={prefs.expandOnHover} disabled={showWhole} />
    </>
  );
}
