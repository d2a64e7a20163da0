import { Anchor, Button, NativeSelect, TextInput } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { LogsFilter } from "../logs-query";
import { eventLabel, subjectLabel } from "./labels";
import classes from "./logs.module.css";

interface Props {
  filter: LogsFilter;
  users: { id: number; name: string; email: string }[];
  subjects: string[];
  events: string[];
}

/** The logs' filter: a plain GET form (works without JS); a new filter starts at the newest page. */
export function LogsFilterForm({ filter, users, subjects, events }: Props) {
  const { t, i18n } = useTranslation();
  const exists = (key: string) => i18n.exists(key);
  const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label, i18n.language);
  return (
    // Keyed by the filter: the fields show the loaded filter after every navigation (e.g. "reset").
    <Form method="get" role="search" aria-label={t("logs.filter.label")} className={classes.filter} key={JSON.stringify(filter)} data-testid="logs-filter">
      <NativeSelect
        name="user"
        label={t("logs.filter.user")}
        defaultValue={filter.user ? String(filter.user) : ""}
        data={[{ value: "", label: t("logs.filter.anyUser") }, ...users.map((u) => ({ value: String(u.id), label: `${u.name} (${u.email})` }))]}
      />
      <NativeSelect
        name="subject"
        label={t("logs.filter.subject")}
        defaultValue={filter.subject ?? ""}
        data={[{ value: "", label: t("logs.filter.anySubject") }, ...subjects.map((s) => ({ value: s, label: subjectLabel(t, exists, s) })).sort(byLabel)]}
      />
      <NativeSelect
        name="event"
        label={t("logs.filter.event")}
        defaultValue={filter.event ?? ""}
        data={[{ value: "", label: t("logs.filter.anyEvent") }, ...events.map((e) => ({ value: e, label: eventLabel(t, exists, e) })).sort(byLabel)]}
      />
      <TextInput type="date" name="from" label={t("logs.filter.from")} defaultValue={filter.from ?? ""} />
      <TextInput type="date" name="to" label={t("logs.filter.to")} defaultValue={filter.to ?? ""} />
      <div className={classes.actions}>
        <Button type="submit">{t("logs.filter.apply")}</Button>
        <Anchor href="/admin/logs" size="sm">
          {t("logs.filter.reset")}
        </Anchor>
      </div>
    </Form>
  );
}
