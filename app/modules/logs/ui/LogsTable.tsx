import { Anchor, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/dates";
import { historyLabel } from "~/ui/history/history-values";
import type { LogEntry, LogSubject } from "../logs.server";
import { causerLabel, eventLabel, fieldLabelFor, subjectLabel, unnamedSubject } from "./labels";
import classes from "./logs.module.css";
import { TableBox } from "~/ui/TableBox";

/** How many changed fields a row names before it says "and n more". */
const FIELDS_SHOWN = 4;

/** The subject's name, a link to its page where it still has one. */
export function SubjectName({ subject }: { subject: LogSubject }) {
  const { t, i18n } = useTranslation();
  const name = subject.name || (subject.id ? unnamedSubject(t, (key) => i18n.exists(key), subject.type, subject.id) : "");
  if (!name) return null;
  return subject.href ? <Anchor href={subject.href} inherit>{name}</Anchor> : <span>{name}</span>;
}

/** One page of activities; plain links (the layout upgrades them to client-side navigation). */
export function LogsTable({ entries }: { entries: LogEntry[] }) {
  const { t, i18n } = useTranslation();
  const exists = (key: string) => i18n.exists(key);
  const fieldNames = (entry: LogEntry) => {
    const label = (key: string) => historyLabel(t, exists, key, fieldLabelFor(t, exists, entry.subject.type)) ?? t("history.otherField");
    const names = [...new Set(entry.fields.map(label))];
    const shown = names.slice(0, FIELDS_SHOWN).join(", ");
    return names.length > FIELDS_SHOWN ? t("logs.moreFields", { fields: shown, count: names.length - FIELDS_SHOWN }) : shown;
  };
  return (
    <TableBox minWidth={720}>
      <Table striped highlightOnHover aria-label={t("logs.tableLabel")} data-testid="logs-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("logs.columns.when")}</Table.Th>
            <Table.Th scope="col">{t("logs.columns.who")}</Table.Th>
            <Table.Th scope="col">{t("logs.columns.what")}</Table.Th>
            <Table.Th scope="col">{t("logs.columns.summary")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => {
            const fields = fieldNames(entry);
            return (
              <Table.Tr key={entry.id} data-testid={`log-row-${entry.id}`}>
                <Table.Td className={classes.when}>{formatDateTime(entry.created_at, i18n.language)}</Table.Td>
                <Table.Td>{causerLabel(t, entry.causer)}</Table.Td>
                <Table.Td>{t("logs.what", { subject: subjectLabel(t, exists, entry.subject.type), event: eventLabel(t, exists, entry.event) })}</Table.Td>
                <Table.Td className={classes.summary}>
                  <Text size="sm" span>
                    <SubjectName subject={entry.subject} />
                    {fields ? <span className={classes.fields}> · {t("logs.fields", { fields })}</span> : null}
                    {" · "}
                    <Anchor href={`/admin/logs/${entry.id}`} inherit>
                      {t("logs.details")}
                      <span className="visually-hidden"> {t("logs.detailsOf", { id: entry.id })}</span>
                    </Anchor>
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableBox>
  );
}
