import {
  Anchor,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  SERVICE_STATUSES,
  SERVICE_TYPES,
  toSearchParams,
} from "~/modules/catalogue/catalogue-query";
import { catalogueTitle } from "~/modules/catalogue/catalogue-title";
import { formatDate, formatDateTime } from "~/lib/dates";
import { EmptyState } from "~/ui/EmptyState";
import type { DashboardData } from "../dashboard-page.server";
import { TableBox } from "~/ui/TableBox";

const browse = (params: Parameters<typeof toSearchParams>[0]) =>
  `/servicecatalog?${toSearchParams({ view: 0, ...params })}`;

function Figure({
  label,
  value,
  to,
  testId,
}: {
  label: string;
  value: number;
  to: string;
  testId: string;
}) {
  return (
    <Card
      withBorder
      component={Link}
      to={to}
      data-testid={testId}
      style={{ textDecoration: "none" }}
    >
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="xl" fw={700} c="dark">
        {value}
      </Text>
    </Card>
  );
}

/** /dashboard — the current catalogue's figures, each leading to the filtered browser, and the latest changes. */
export function DashboardPage({ name, catalogue, figures, release, canCreate, work }: DashboardData) {
  const { t, i18n } = useTranslation();
  // A customer who reads a release: its figures, leading into its browser.
  const filtered = (params: { types?: string[]; missing?: string[] }) =>
    release ? `${release.href}?${new URLSearchParams([...(params.types ?? []).map((v) => ["type", v]), ...(params.missing ?? []).map((v) => ["missing", v])])}` : browse(params as Parameters<typeof browse>[0]);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t("dashboard.title")}</Title>
        <Text data-testid="welcome">{t("dashboard.welcome", { name })}</Text>
        {catalogue ? (
          <Text c="dimmed" size="sm">
            {catalogueTitle(t, catalogue)} ·{" "}
            {t("catalogue.servicesCount", { count: figures.total })}
          </Text>
        ) : null}
      </div>
      {work ? (
        <section data-testid="dashboard-my-work">
          <Title order={2} size="h4" mb="xs">
            {t("dashboard.myWork")}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: work.toReview === null ? 3 : 4 }}>
            <Figure label={t("dashboard.work.responsible")} value={work.responsible} to="/my-work#responsible" testId="work-responsible" />
            {work.toReview === null ? null : <Figure label={t("dashboard.work.toReview")} value={work.toReview} to="/my-work#toReview" testId="work-to-review" />}
            <Figure label={t("dashboard.work.drafts")} value={work.drafts} to="/my-work#drafts" testId="work-drafts" />
            <Figure label={t("dashboard.work.mentions")} value={work.mentions} to="/my-work#mentions" testId="work-mentions" />
          </SimpleGrid>
        </section>
      ) : null}
      {figures.total === 0 ? (
        <EmptyState
          message={t("dashboard.emptyCatalogue")}
          hint={t(canCreate ? "dashboard.emptyCatalogueHint" : "dashboard.emptyCatalogueReaderHint")}
          action={canCreate ? { label: t("dashboard.createService"), to: "/servicecatalog/new?type=service" } : { label: t("dashboard.otherCatalogue"), to: "/servicecatalog/catalogues" }}
          testId="dashboard-empty"
        />
      ) : null}
      {release ? (
        <Text data-testid="dashboard-release">
          {t("dashboard.release", { label: release.label, date: formatDate(release.publishedAt, i18n.language) })}{" "}
          <Anchor component={Link} to={release.href}>
            {t("dashboard.openRelease")}
          </Anchor>
        </Text>
      ) : null}
      {release ? null : (
      <section>
        <Title order={2} size="h4" mb="xs">
          {t("dashboard.byStatus")}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {SERVICE_STATUSES.map((s) => (
            <Figure
              key={s}
              label={t(`catalogue.status.${s}`)}
              value={figures.byStatus[s] ?? 0}
              to={browse({ statuses: [s] })}
              testId={`status-${s}`}
            />
          ))}
        </SimpleGrid>
      </section>
      )}
      {figures.reviews ? (
        <section>
          <Title order={2} size="h4" mb="xs">
            {t("dashboard.reviews")}
          </Title>
          <SimpleGrid cols={2}>
            <Figure label={t("dashboard.reviewDue")} value={figures.reviews.due} to={browse({ review: ["due"] })} testId="review-due" />
            <Figure label={t("dashboard.reviewOverdue")} value={figures.reviews.overdue} to={browse({ review: ["overdue"] })} testId="review-overdue" />
          </SimpleGrid>
        </section>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <section>
          <Title order={2} size="h4" mb="xs">
            {t("dashboard.byType")}
          </Title>
          <SimpleGrid cols={2}>
            {SERVICE_TYPES.map((ty) => (
              <Figure
                key={ty}
                label={t(`catalogue.type.${ty}`)}
                value={figures.byType[ty] ?? 0}
                to={filtered({ types: [ty] })}
                testId={`type-${ty}`}
              />
            ))}
          </SimpleGrid>
        </section>
        <section>
          <Title order={2} size="h4" mb="xs">
            {t("dashboard.gaps")}
          </Title>
          <SimpleGrid cols={2}>
            <Figure
              label={t("dashboard.withoutOwner")}
              value={figures.withoutOwner}
              to={filtered({ missing: ["owner"] })}
              testId="without-owner"
            />
            <Figure
              label={t("dashboard.withoutKpi")}
              value={figures.withoutKpi}
              to={filtered({ missing: ["kpi"] })}
              testId="without-kpi"
            />
          </SimpleGrid>
        </section>
      </SimpleGrid>
      {release ? null : (
      <section>
        <Title order={2} size="h4" mb="xs">
          {t("dashboard.latestChanges")}
        </Title>
        {figures.changes.length ? (
          <TableBox minWidth={560}>
            <Table withTableBorder data-testid="latest-changes">
              <Table.Tbody>
                {figures.changes.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>{formatDateTime(c.created_at, i18n.language)}</Table.Td>
                    <Table.Td>
                      {t(`dashboard.subjects.${c.subject_type}`)}
                    </Table.Td>
                    <Table.Td>
                      {c.subject_type === "service" &&
                      c.service_name &&
                      !c.service_deleted_at ? (
                        <Anchor
                          component={Link}
                          to={`/servicecatalog/service/${c.subject_id}`}
                        >
                          {c.service_name}
                        </Anchor>
                      ) : c.subject_type === "catalogue" && catalogue ? (
                        // Only this catalogue's own changes are listed: its name as the header shows it.
                        catalogueTitle(t, catalogue)
                      ) : (
                        c.subject_name ?? t("history.goneRecord")
                      )}
                    </Table.Td>
                    <Table.Td>
                      {t(`history.events.${c.event}`, {
                        defaultValue: c.event,
                      })}
                    </Table.Td>
                    <Table.Td>{c.causer_name ?? t("history.system")}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableBox>
        ) : (
          <Group>
            <Text c="dimmed">{t("history.empty")}</Text>
          </Group>
        )}
      </section>
      )}
    </Stack>
  );
}
