import { Alert, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/dates";
import { EmptyState } from "~/ui/EmptyState";
import { PageLinks } from "~/ui/PageLinks";
import type { TicketRow } from "../support.server";
import classes from "./support.module.css";

interface TicketsData {
  tickets: TicketRow[];
  page: number;
  pageCount: number;
  total: number;
  /** SUPPORT_EMAIL is set: without it tickets are only stored. */
  mailConfigured: boolean;
}

/** How a ticket's mail went: mailed (when), failed (why), or not yet. */
function MailState({ ticket }: { ticket: TicketRow }) {
  const { t, i18n } = useTranslation();
  if (ticket.status === "sent")
    return (
      <Text size="sm" c="green.9" data-mail="sent">
        {t("support.tickets.mailed", { date: formatDateTime(ticket.sent_at, i18n.language) })}
      </Text>
    );
  if (ticket.status === "failed")
    return (
      <Text size="sm" c="red.9" data-mail="failed" style={{ overflowWrap: "anywhere" }}>
        {t("support.tickets.mailFailed", { error: ticket.mail_error ?? "" })}
      </Text>
    );
  if (ticket.status === "unaddressed")
    return (
      <Text size="sm" data-mail="unaddressed">
        {t("support.tickets.unaddressed")}
      </Text>
    );
  return (
    <Text size="sm" data-mail="open">
      {t("support.tickets.mailPending")}
    </Text>
  );
}

/** /admin/supporttickets — the stored tickets for superadmins: who, when, from which host, the mail's fate, the message. */
export function SupportTicketsPage({ data }: { data: TicketsData }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="md" maw={960}>
      <Title order={1}>{t("support.tickets.title")}</Title>
      {data.mailConfigured ? (
        <Text size="sm" c="dimmed">
          {t("support.tickets.intro")}
        </Text>
      ) : (
        <Alert color="yellow" title={t("support.tickets.noAddressTitle")} data-testid="support-no-address">
          {t("support.tickets.noAddress")}
        </Alert>
      )}
      {data.tickets.length ? (
        <Stack gap="sm" component="ol" aria-label={t("support.tickets.list")} style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {data.tickets.map((ticket) => (
            <Paper key={ticket.id} component="li" withBorder p="md" radius="md" data-testid="support-ticket" data-ticket={ticket.id}>
              <Stack gap="xs">
                <Group justify="space-between" align="flex-start" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                      {ticket.user_name ?? ""} {ticket.user_email ? `<${ticket.user_email}>` : null} {ticket.user_id === null ? t("support.tickets.deletedUser") : null}
                    </Text>
                    <Text size="sm">
                      {t("support.tickets.sentOn")}: {formatDateTime(ticket.created_at, i18n.language)} · {t("support.tickets.host")}: {ticket.host ?? ""}
                    </Text>
                    <Text size="sm">
                      {t("support.tickets.subject")}: {ticket.subject}
                    </Text>
                  </div>
                  <MailState ticket={ticket} />
                </Group>
                {/* Sanitised when it was stored (app/server/sanitize.server.ts). */}
                <div className={classes.message} data-testid="support-ticket-message" dangerouslySetInnerHTML={{ __html: ticket.message }} />
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <EmptyState message={t("support.tickets.empty")} hint={t("support.tickets.emptyHint")} testId="support-tickets-empty" />
      )}
      <PageLinks page={data.page} pageCount={data.pageCount} total={data.total} />
    </Stack>
  );
}
