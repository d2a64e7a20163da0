import { Anchor, Paper, Stack, Text, Title } from "@mantine/core";
import { Link, useLoaderData } from "@remix-run/react";
import { IconArrowLeft, IconArrowRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { chapterLoader, documentationLoader } from "../documentation-page.server";
import { GUIDE_PATH } from "../guide";
import classes from "./guide.module.css";

/** /documentation — the user guide's chapters with their summaries, in the reader's language. */
export function DocumentationPage() {
  const { chapters } = useLoaderData<typeof documentationLoader>();
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1}>{t("documentation.title")}</Title>
        <Text size="sm" c="dimmed" mt={4}>
          {t("documentation.intro")}
        </Text>
      </div>
      <nav aria-label={t("documentation.chapters")}>
        <ol className={classes.chapters} data-testid="guide-chapters">
          {chapters.map((chapter, index) => (
            <Paper component="li" key={chapter.slug} withBorder p="md" radius="md">
              <Text size="xs" c="dimmed" fw={700}>
                {t("documentation.chapterNumber", { number: index + 1 })}
              </Text>
              <Anchor component={Link} to={`${GUIDE_PATH}/${chapter.slug}`} fw={600} size="lg">
                {chapter.title}
              </Anchor>
              <Text size="sm" mt={4}>
                {chapter.lead}
              </Text>
            </Paper>
          ))}
        </ol>
      </nav>
      <Anchor component={Link} to="/dashboard/info" size="sm">
        {t("productinfo.title")}
      </Anchor>
    </Stack>
  );
}

/** /documentation/:chapter — one chapter beside the list of all, with links to the previous and next one. */
export function ChapterPage() {
  const { chapter, chapters, previous, next } = useLoaderData<typeof chapterLoader>();
  const { t } = useTranslation();
  return (
    <div className={classes.layout}>
      <nav aria-label={t("documentation.chapters")} className={classes.toc}>
        <Anchor component={Link} to={GUIDE_PATH} size="sm" fw={600} mb="xs" display="block">
          {t("documentation.title")}
        </Anchor>
        <ol>
          {chapters.map((c) => (
            <li key={c.slug}>
              <Link to={`${GUIDE_PATH}/${c.slug}`} aria-current={c.slug === chapter.slug ? "page" : undefined}>
                {c.title}
              </Link>
            </li>
          ))}
        </ol>
      </nav>
      <div>
        {/* Markdown from the repository, rendered and sanitised on the server (guide.server.ts). */}
        <article className={classes.article} data-testid="guide-article" dangerouslySetInnerHTML={{ __html: chapter.html }} />
        <nav aria-label={t("documentation.pager")} className={classes.pager}>
          {previous ? (
            <Anchor component={Link} to={`${GUIDE_PATH}/${previous.slug}`} size="sm" rel="prev">
              <IconArrowLeft size={14} aria-hidden /> {previous.title}
            </Anchor>
          ) : (
            <span />
          )}
          {next ? (
            <Anchor component={Link} to={`${GUIDE_PATH}/${next.slug}`} size="sm" rel="next">
              {next.title} <IconArrowRight size={14} aria-hidden />
            </Anchor>
          ) : null}
        </nav>
      </div>
    </div>
  );
}
