import { Alert, Stack, Text, Title } from "@mantine/core";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "~/ui/EmptyState";
import pageLinks from "~/ui/PageLinks.module.css";
import type { logsLoader } from "../logs-page.server";
import { isFiltered, logsHref } from "../logs-query";
import { LogsFilterForm } from "./LogsFilterForm";
import { LogsTable } from "./LogsTable";
import classes from "./logs.module.css";

/** /admin/logs — every audit activity, newest first, filtered by a GET form, paged by "Ältere"/"Neuere" links. */
export function LogsPage() {
  const { entries, newer, older, filter, ignored, users, subjects, events, paged } = useLoaderData<typeof logsLoader>();
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={1200}>
      <Title order={1}>{t("logs.title")}</Title>
      <Text size="sm" c="dimmed">
        {t("logs.intro")}
      </Text>
      <LogsFilterForm filter={filter} users={users} subjects={subjects} events={events} />
      {ignored.length ? (
        <Alert color="orange" role="status" data-testid="logs-ignored">
          {t("logs.ignored")}
        </Alert>
      ) : null}
      {entries.length ? (
        <LogsTable entries={entries} />
      ) : (
        <EmptyState
          message={isFiltered(filter) || paged ? t("logs.empty") : t("logs.emptyAll")}
          hint={isFiltered(filter) ? t("logs.emptyHint") : undefined}
          testId="logs-empty"
        />
      )}
      {newer || older || paged ? (
        <nav aria-label={t("logs.pages")} className={classes.pages} data-testid="logs-pages">
          {paged && (newer || !entries.length) ? (
            <a className={pageLinks.link} href={logsHref(filter)}>
              {t("logs.newest")}
            </a>
          ) : null}
          {newer ? (
            <a className={pageLinks.link} href={logsHref(filter, { after: newer })} rel="prev">
              {t("logs.newer")}
            </a>
          ) : null}
          {older ? (
            <a className={pageLinks.link} href={logsHref(filter, { before: older })} rel="next">
              {t("logs.older")}
            </a>
          ) : null}
        </nav>
      ) : null}
    </Stack>
  );
}
