import { Alert, Anchor, Group, Stack, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { IconHistory } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatDate } from "~/lib/dates";

export interface ReleaseBannerData {
  id: number;
  label: string;
  publishedAt: string;
  state: string;
}

export const releasePath = (id: number) => `/servicecatalog/releases/${id}`;

/** "Release 2026.1, published 28.11.2026" with the way back to the working copy, on every page of a release. */
export function ReleaseBanner({ release, shared = false }: { release: ReleaseBannerData; /** Opened through a share link: no way into the app. */ shared?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Alert
      color={release.state === "withdrawn" ? "red" : "blue"}
      icon={<IconHistory size={18} aria-hidden />}
      data-testid="release-banner"
      role="note"
    >
      <Stack gap={4}>
        <Text size="sm" fw={700}>
          {t("releases.banner", {
            label: release.label,
            date: formatDate(release.publishedAt, i18n.language),
          })}
        </Text>
        {release.state === "withdrawn" ? (
          <Text size="sm">{t("releases.bannerWithdrawn")}</Text>
        ) : null}
        {shared ? null : (
        <Group gap="md">
          <Anchor
            component={Link}
            to="/servicecatalog"
            size="sm"
            data-testid="to-working-copy"
          >
            {t("releases.toWorkingCopy")}
          </Anchor>
          <Anchor component={Link} to="/servicecatalog/releases" size="sm">
            {t("releases.toReleases")}
          </Anchor>
        </Group>
        )}
      </Stack>
    </Alert>
  );
}
