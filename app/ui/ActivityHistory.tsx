import { Badge, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/dates";
import { ActivityChanges } from "./history/ActivityChanges";

export interface ActivityView {
  id: number;
  event: string;
  causer_name: string | null;
  old_values: string | null;
  new_values: string | null;
  created_at: string;
}

/** A history and the names of the records its changes point to ("category_id:12" → name), as `historyFor` reads them. */
export interface HistoryData {
  activities: ActivityView[];
  names: Record<string, string>;
}

/** The colour of an event's badge: removals red, creations green, everything else blue. */
export function eventColour(event: string): string {
  return event === "deleted" ? "red" : event === "created" ? "green" : "blue";
}

/** The change history of a record from its audit activities: who, when, and each field old → new, readable. */
export function ActivityHistory({ history, fieldLabel }: { history: HistoryData; fieldLabel?: (key: string) => string | undefined }) {
  const { t, i18n } = useTranslation();
  const { activities, names } = history;
  if (!activities.length) return <Text c="dimmed">{t("history.empty")}</Text>;
  return (
    <Stack gap="md" data-testid="history">
      {activities.map((activity) => (
        <div key={activity.id} data-testid="history-entry">
          <Group gap="xs">
            <Badge variant="light" color={eventColour(activity.event)}>
              {i18n.exists(`history.events.${activity.event}`) ? t(`history.events.${activity.event}`) : t("history.events.updated")}
            </Badge>
            <Text size="sm">{formatDateTime(activity.created_at, i18n.language)}</Text>
            <Text size="sm" c="dimmed">
              {activity.causer_name ?? t("history.system")}
            </Text>
          </Group>
          <ActivityChanges activity={activity} names={names} fieldLabel={fieldLabel} />
        </div>
      ))}
    </Stack>
  );
}
