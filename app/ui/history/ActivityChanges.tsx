import { Table } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { changedFields, historyLabel, historyValue, parseValues, type ActivityValues } from "./history-values";
import classes from "./history.module.css";
import { TableBox } from "~/ui/TableBox";

/**
 * One activity's changes, field by field, old → new and readable: translated labels, values
 * formatted (Ja/Nein, money, dates, the names of referenced records), long texts as a word diff.
 * Shared by every record's History tab and the logs' detail page. Renders nothing when no shown
 * field changed.
 */
export function ActivityChanges({
  activity,
  names,
  fieldLabel,
}: {
  activity: ActivityValues;
  /** Names of referenced records, keyed "field:id", as `referencedNames` reads them. */
  names: Record<string, string>;
  fieldLabel?: (key: string) => string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const before = parseValues(activity.old_values);
  const after = parseValues(activity.new_values);
  const keys = changedFields(activity);
  if (!keys.length) return null;
  const label = (key: string) => historyLabel(t, (k) => i18n.exists(k), key, fieldLabel) ?? t("history.otherField");
  const value = (key: string, raw: unknown) => {
    const named = raw != null ? names[`${key}:${String(raw)}`] : undefined;
    if (named) return named;
    if (key.endsWith("_id") || key === "trashed_with" || key === "deleted_by") return raw == null ? "—" : t("history.goneRecord");
    if (raw === "changed" || raw === "removed") return t(`history.values.${raw}`);
    return historyValue(key, raw, t, i18n.language);
  };
  // One layout for every entry (issue 32 §9): fixed columns, so widths do not jump between entries,
  // and a long text's word diff split over both: removed words in "before", added ones in "after".
  return (
    <TableBox minWidth={360}>
      <Table withTableBorder mt={4} fz="sm" layout="fixed" className={classes.changes}>
        <colgroup>
          <col className={classes.fieldColumn} />
          <col />
          <col />
        </colgroup>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("history.field")}</Table.Th>
            <Table.Th>{t("history.before")}</Table.Th>
            <Table.Th>{t("history.after")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => {
            const diff = activity.diffs?.[key] ?? null;
            return (
              <Table.Tr key={key} data-testid={diff ? "history-diff" : undefined}>
                <Table.Td>{label(key)}</Table.Td>
                {diff ? (
                  <>
                    <Table.Td className={classes.diff} data-testid="history-diff-before">
                      {diff.map((part, i) => (part.change === "added" ? null : part.change === "removed" ? <del key={i}>{part.text}</del> : <span key={i}>{part.text}</span>))}
                    </Table.Td>
                    <Table.Td className={classes.diff} data-testid="history-diff-after">
                      {diff.map((part, i) => (part.change === "removed" ? null : part.change === "added" ? <ins key={i}>{part.text}</ins> : <span key={i}>{part.text}</span>))}
                    </Table.Td>
                  </>
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
    </TableBox>
  );
}
