import { Alert, Anchor, Group, Stack, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { IconHistory } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatDate } from "~/lib/dates";

/** What the banner offers: the way back into the app (not for customers or share links), the cover sheet, the Word download. */
export interface ReleaseOffers {
  app: boolean;
  frame: string | null;
  word: string | null;
}

export interface ReleaseBannerData {
  id: number;
  label: string;
  publishedAt: string;
  state: string;
  offers: ReleaseOffers;
}

export { releasePath } from "../release-paths";

/** "Release 2026.1, published 28.11.2026" with the way back to the working copy, on every page of a release. */
export function ReleaseBanner({ release }: { release: ReleaseBannerData }) {
  const { offers } = release;
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
        <Group gap="md">
          {offers.app ? (
            <>
              <Anchor component={Link} to="/servicecatalog" size="sm" data-testid="to-working-copy">
                {t("releases.toWorkingCopy")}
              </Anchor>
              <Anchor component={Link} to="/servicecatalog/releases" size="sm">
                {t("releases.toReleases")}
              </Anchor>
            </>
          ) : null}
          {offers.frame ? (
            // A page outside the app's frame (print layout): a plain link.
            <Anchor href={offers.frame} size="sm" data-testid="release-frame">
              {t("releases.coverSheet")}
            </Anchor>
          ) : null}
          {offers.word ? (
            <Anchor href={offers.word} size="sm" download data-testid="release-word">
              {t("releases.wordDownload")}
            </Anchor>
          ) : null}
        </Group>
      </Stack>
    </Alert>
  );
}
