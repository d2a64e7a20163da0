import { Badge, Group, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/dates";
import { historyDiff, historyLabel, historyValue, isShownField } from "./history/history-values";
import classes from "./history/history.module.css";

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

function parse(json: string | null): Record<string, unknown> {
  if (!json) return {};
  try {
    const value = JSON.parse(json);
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

/** The change history of a record from its audit activities: who, when, and each field old → new, readable. */
export function ActivityHistory({ history, fieldLabel }: { history: HistoryData; fieldLabel?: (key: string) => string | undefined }) {
  const { t, i18n } = useTranslation();
  const { activities, names } = history;
  if (!activities.length) return <Text c="dimmed">{t("history.empty")}</Text>;
  const label = (key: string) => historyLabel(t, (k) => i18n.exists(k), key, fieldLabel) ?? t("history.otherField");
  const value = (key: string, raw: unknown) => {
    const named = raw != null ? names[`${key}:${String(raw)}`] : undefined;
    if (named) return named;
    if (key.endsWith("_id") || key === "trashed_with" || key === "deleted_by") return raw == null ? "—" : t("history.goneRecord");
    if (raw === "changed" || raw === "removed") return t(`history.values.${raw}`);
    return historyValue(key, raw, t, i18n.language);
  };
  return (
    <Stack gap="md" data-testid="history">
      {activities.map((activity) => {
        const before = parse(activity.old_values);
        const after = parse(activity.new_values);
        const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(isShownField);
        return (
          <div key={activity.id} data-testid="history-entry">
            <Group gap="xs">
              <Badge variant="light" color={activity.event === "deleted" ? "red" : activity.event === "created" ? "green" : "blue"}>
                {i18n.exists(`history.events.${activity.event}`) ? t(`history.events.${activity.event}`) : t("history.events.updated")}
              </Badge>
              <Text size="sm">{formatDateTime(activity.created_at)}</Text>
              <Text size="sm" c="dimmed">
                {activity.causer_name ?? t("history.system")}
              </Text>
            </Group>
            {keys.length ? (
              <Table.ScrollContainer minWidth={360}>
                <Table withTableBorder mt={4} fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("history.field")}</Table.Th>
                      <Table.Th>{t("history.before")}</Table.Th>
                      <Table.Th>{t("history.after")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {keys.map((key) => {
                      const diff = key in before && key in after ? historyDiff(key, before[key], after[key]) : null;
                      return (
                        <Table.Tr key={key}>
                          <Table.Td>{label(key)}</Table.Td>
                          {diff ? (
                            <Table.Td colSpan={2} className={classes.diff} data-testid="history-diff">
                              {diff.map((part, i) =>
                                part.change === "added" ? (
                                  <ins key={i}>{part.text}</ins>
                                ) : part.change === "removed" ? (
                                  <del key={i}>{part.text}</del>
                                ) : (
                                  <span key={i}>{part.text}</span>
                                ),
                              )}
                            </Table.Td>
                          ) : (
                            <>
                              <Table.Td className={classes.value}>{key in before ? value(key, before[key]) : "—"}</Table.Td>
                              <Table.Td className={classes.value}>{key in after ? value(key, after[key]) : "—"}</Table.Td>
                            </>
                          )}
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ) : null}
          </div>
        );
      })}
    </Stack>
  );
}
