import { Badge, Group, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/dates";

export interface ActivityView {
  id: number;
  event: string;
  causer_name: string | null;
  old_values: string | null;
  new_values: string | null;
  created_at: string;
}

function parse(json: string | null): Record<string, unknown> {
  if (!json) return {};
  try {
    const value = JSON.parse(json);
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

function show(value: unknown): string {
  if (value == null || value === "") return "—";
  if (Array.isArray(value)) return value.join(", ") || "—";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** The change history of a record from its audit activities: who, when, and each field old → new. */
export function ActivityHistory({ activities, fieldLabel }: { activities: ActivityView[]; fieldLabel?: (key: string) => string }) {
  const { t, i18n } = useTranslation();
  if (!activities.length) return <Text c="dimmed">{t("history.empty")}</Text>;
  return (
    <Stack gap="md" data-testid="history">
      {activities.map((activity) => {
        const before = parse(activity.old_values);
        const after = parse(activity.new_values);
        const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => k !== "updated_at" && k !== "created_at" && k !== "id");
        return (
          <div key={activity.id}>
            <Group gap="xs">
              <Badge variant="light" color={activity.event === "deleted" ? "red" : activity.event === "created" ? "green" : "blue"}>
                {i18n.exists(`history.events.${activity.event}`) ? t(`history.events.${activity.event}`) : activity.event}
              </Badge>
              <Text size="sm">{formatDateTime(activity.created_at)}</Text>
              <Text size="sm" c="dimmed">
                {activity.causer_name ?? t("history.system")}
              </Text>
            </Group>
            {keys.length ? (
              <Table withTableBorder mt={4} fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("history.field")}</Table.Th>
                    <Table.Th>{t("history.before")}</Table.Th>
                    <Table.Th>{t("history.after")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {keys.map((key) => (
                    <Table.Tr key={key}>
                      <Table.Td>{fieldLabel ? fieldLabel(key) : i18n.exists(`fields.${key}`) ? t(`fields.${key}`) : key}</Table.Td>
                      <Table.Td>{key in before ? show(before[key]) : "—"}</Table.Td>
                      <Table.Td>{key in after ? show(after[key]) : "—"}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : null}
          </div>
        );
      })}
    </Stack>
  );
}
