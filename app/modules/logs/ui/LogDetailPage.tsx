import { Anchor, Badge, Stack, Text, Title } from "@mantine/core";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/dates";
import { eventColour } from "~/ui/ActivityHistory";
import { ActivityChanges } from "~/ui/history/ActivityChanges";
import { changedFields } from "~/ui/history/history-values";
import type { logDetailLoader } from "../logs-page.server";
import { EMPTY_FILTER, logsHref } from "../logs-query";
import { causerLabel, eventLabel, fieldLabelFor, subjectLabel } from "./labels";
import { SubjectName } from "./LogsTable";
import classes from "./logs.module.css";

/** /admin/logs/:id — one activity in full: when, who, what, and each changed field old → new. */
export function LogDetailPage() {
  const { activity, causer, subject, names } = useLoaderData<typeof logDetailLoader>();
  const { t, i18n } = useTranslation();
  const exists = (key: string) => i18n.exists(key);
  return (
    <Stack gap="md" maw={1000}>
      <Anchor href="/admin/logs" size="sm">
        {t("logs.detail.back")}
      </Anchor>
      <Title order={1}>{t("logs.detail.title", { id: activity.id })}</Title>
      <dl className={classes.facts} data-testid="log-facts">
        <dt>{t("logs.detail.when")}</dt>
        <dd>{formatDateTime(activity.created_at, i18n.language)}</dd>
        <dt>{t("logs.detail.who")}</dt>
        <dd>
          {causerLabel(t, causer)}
          {causer.id ? (
            <>
              {" · "}
              <Anchor href={logsHref({ ...EMPTY_FILTER, user: causer.id })}>{t("logs.detail.moreOfUser")}</Anchor>
            </>
          ) : null}
        </dd>
        <dt>{t("logs.detail.subject")}</dt>
        <dd>
          {subjectLabel(t, exists, subject.type)} <SubjectName subject={subject} />
          {" · "}
          <Anchor href={logsHref({ ...EMPTY_FILTER, subject: subject.type })}>{t("logs.detail.moreOfSubject")}</Anchor>
        </dd>
        <dt>{t("logs.detail.event")}</dt>
        <dd>
          <Badge variant="light" color={eventColour(activity.event)}>
            {eventLabel(t, exists, activity.event)}
          </Badge>
        </dd>
      </dl>
      <section aria-labelledby="log-changes">
        <Title order={2} size="h3" id="log-changes">
          {t("logs.detail.changes")}
        </Title>
        {changedFields(activity).length ? (
          <ActivityChanges activity={activity} names={names} fieldLabel={fieldLabelFor(t, exists, subject.type)} />
        ) : (
          <Text c="dimmed" size="sm">
            {t("logs.detail.noChanges")}
          </Text>
        )}
      </section>
    </Stack>
  );
}
