import { Button, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { FormAlert } from "~/ui/FormAlert";
import { useEntryForm } from "~/ui/entry-form";
import fieldClasses from "~/ui/native-field.module.css";
import { DELIVERIES, NOTIFICATION_KINDS, NOTIFICATION_PREFS_PATH, type NotificationPrefs } from "../notifications";

/** The settings entry "Benachrichtigungen": per kind in the app only, a mail at once, or the weekly digest. */
export function NotificationPrefsPanel({ data }: { data: { prefs: NotificationPrefs } }) {
  const { t } = useTranslation();
  const { prefs } = data;
  const { Form, action, busy, result } = useEntryForm<{ error?: Record<string, string[]> }>(NOTIFICATION_PREFS_PATH);
  const formError = result?.error?.[""]?.[0];
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t("notifications.prefs.title")}
      </Title>
      <Text size="sm" c="dimmed">
        {t("notifications.prefs.intro")}
      </Text>
      <FormAlert error={formError} />
      {/* key: after a save the stored choices are what the selects show. */}
      <Form method="post" action={action} key={JSON.stringify(prefs)}>
        <Stack gap="sm">
          {NOTIFICATION_KINDS.map((kind) => (
            <label key={kind} className={fieldClasses.field}>
              {t(`notifications.prefs.kinds.${kind}`)}
              <select name={kind} defaultValue={prefs[kind]} data-testid={`pref-${kind}`}>
                {DELIVERIES.map((delivery) => (
                  <option key={delivery} value={delivery}>
                    {t(`notifications.prefs.deliveries.${delivery}`)}
                  </option>
                ))}
              </select>
            </label>
          ))}
          <div>
            <Button type="submit" loading={busy} data-testid="save-notification-prefs">
              {t("app.save")}
            </Button>
          </div>
        </Stack>
      </Form>
    </Stack>
  );
}
