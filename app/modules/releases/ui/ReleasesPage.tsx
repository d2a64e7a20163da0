import { Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import {
  IconArrowBackUp,
  IconShare,
  IconArrowsDiff,
  IconEye,
  IconRocket,
  IconTrash,
  IconX,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { catalogueTitle } from "~/modules/catalogue/catalogue-title";
import { formatDate, formatDateTime } from "~/lib/dates";
import { EmptyState } from "~/ui/EmptyState";
import type { releasesLoader } from "../releases-page.server";
import classes from "./releases.module.css";
import { CustomerViewForm } from "./CustomerViewForm";

type ReleaseItem = Awaited<
  ReturnType<typeof releasesLoader>
>["releases"][number];

const PATH = "/servicecatalog/releases";

/** One release: label, state, when and by whom, counts, changes against the one before; view, withdraw / re-instate, delete. */
function ReleaseCard({
  release,
  canPublish,
  canDelete,
  canShare,
}: {
  release: ReleaseItem;
  canPublish: boolean;
  canDelete: boolean;
  canShare: boolean;
}) {
  const { t, i18n } = useTranslation();
  const withdrawn = release.state === "withdrawn";
  const small = {
    size: "xs",
    variant: "default",
    component: Link,
    preventScrollReset: true,
  } as const;
  return (
    <Paper component="li" withBorder p="md" radius="md" data-testid="release">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
            <Title
              order={2}
              size="h4"
              style={{ overflowWrap: "anywhere" }}
              data-testid="release-label"
            >
              {release.label}
            </Title>
            {withdrawn ? (
              <Badge
                variant="light"
                color="red"
                c="dark"
                data-testid="release-withdrawn"
              >
                {t("releases.withdrawn")}
              </Badge>
            ) : null}
          </Group>
          <Group gap="xs" wrap="wrap">
            <Button
              {...small}
              variant="filled"
              to={`${PATH}/${release.id}`}
              leftSection={<IconEye size={14} aria-hidden />}
              aria-label={t("releases.openNamed", { label: release.label })}
              data-testid="open-release"
            >
              {t("releases.open")}
            </Button>
            {release.previousId !== null ? (
              <Button
                {...small}
                to={`${PATH}/compare?from=${release.previousId}&to=${release.id}`}
                leftSection={<IconArrowsDiff size={14} aria-hidden />}
                aria-label={t("releases.compareActionNamed", {
                  label: release.label,
                })}
                data-testid="compare-release"
              >
                {t("releases.compareAction")}
              </Button>
            ) : null}
            {canShare && !withdrawn ? (
              <Button
                {...small}
                to={`${PATH}/${release.id}/share`}
                leftSection={<IconShare size={14} aria-hidden />}
                aria-label={t("releases.shareActionNamed", { label: release.label })}
                data-testid="share-release"
              >
                {t("releases.shareAction")}
              </Button>
            ) : null}
            {canPublish && !withdrawn ? (
              <Button
                {...small}
                to={`${PATH}/${release.id}/withdraw`}
                leftSection={<IconX size={14} aria-hidden />}
                aria-label={t("releases.withdrawNamed", {
                  label: release.label,
                })}
                data-testid="withdraw-release"
              >
                {t("releases.withdraw")}
              </Button>
            ) : null}
            {canPublish && withdrawn ? (
              <Button
                {...small}
                to={`${PATH}/${release.id}/reinstate`}
                leftSection={<IconArrowBackUp size={14} aria-hidden />}
                aria-label={t("releases.reinstateNamed", {
                  label: release.label,
                })}
                data-testid="reinstate-release"
              >
                {t("releases.reinstate")}
              </Button>
            ) : null}
            {canDelete && withdrawn ? (
              <Button
                {...small}
                color="red"
                to={`${PATH}/${release.id}/delete`}
                leftSection={<IconTrash size={14} aria-hidden />}
                aria-label={t("releases.deleteNamed", { label: release.label })}
                data-testid="delete-release"
              >
                {t("releases.delete")}
              </Button>
            ) : null}
          </Group>
        </Group>
        <Text size="sm" data-testid="release-published">
          {t("releases.published", {
            date: formatDateTime(release.publishedAt, i18n.language),
            name: release.publisherName ?? "—",
          })}
        </Text>
        <Text size="sm" data-testid="release-counts">
          {t("releases.counts", {
            services: release.services,
            areas: release.areas,
            categories: release.categories,
          })}
        </Text>
        <Text size="sm" data-testid="release-changes">
          {release.changes
            ? t("releases.changes", {
                label: release.previousLabel,
                ...release.changes,
              })
            : t("releases.first")}
        </Text>
        {withdrawn ? (
          <Text size="sm" c="red.9" data-testid="release-withdrawn-note">
            {t("releases.withdrawnBy", {
              date: formatDate(release.withdrawnAt, i18n.language),
              name: release.withdrawnByName ?? "—",
              reason: release.withdrawnReason ?? "",
            })}
          </Text>
        ) : null}
        {release.note ? (
          <div
            className={classes.note}
            aria-label={t("releases.note")}
            role="note"
            dangerouslySetInnerHTML={{ __html: release.note }}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

/** /servicecatalog/releases — the current catalogue's releases, newest first; the dialogs nest here. */
export function ReleasesPage() {
  const { catalogue, releases, customers, canPublish, canDelete, canShare } =
    useLoaderData<typeof releasesLoader>();
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={1000}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={1}>{t("releases.title")}</Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t("releases.catalogue", { title: catalogueTitle(t, catalogue) })}
          </Text>
        </div>
        <Group gap="xs">
          {releases.length ? (
            <Button
              component={Link}
              to={`${PATH}/compare`}
              variant="default"
              leftSection={<IconArrowsDiff size={16} aria-hidden />}
              data-testid="compare-releases"
            >
              {t("releases.compareTitle")}
            </Button>
          ) : null}
          {canPublish ? (
            <Button
              component={Link}
              to={`${PATH}/new`}
              preventScrollReset
              leftSection={<IconRocket size={16} aria-hidden />}
              data-testid="publish-release"
            >
              {t("releases.publish")}
            </Button>
          ) : null}
        </Group>
      </Group>
      <Text size="sm">{t("releases.intro")}</Text>
      <CustomerViewForm customers={customers} canPublish={canPublish} />
      {releases.length ? (
        <Stack
          component="ul"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: "none" }}
          data-testid="releases"
        >
          {releases.map((release) => (
            <ReleaseCard
              key={release.id}
              release={release}
              canPublish={canPublish}
              canDelete={canDelete}
              canShare={canShare}
            />
          ))}
        </Stack>
      ) : (
        <EmptyState
          message={t("releases.empty")}
          hint={canPublish ? t("releases.emptyHint") : undefined}
          testId="releases-empty"
        />
      )}
      <Outlet />
    </Stack>
  );
}
