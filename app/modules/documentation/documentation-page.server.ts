import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/modules/access/session.server";
import { DEFAULT_LANGUAGE, isLanguage } from "~/i18n/config";
import { i18next } from "~/i18n/i18next.server";
import { CHAPTERS } from "./guide";
import { guideChapter, guideChapters, type GuideLanguage } from "./guide.server";
import { refusal } from "~/server/refusal.server";

/**
 * /documentation (the chapter list) and /documentation/:chapter (one chapter), in the reader's
 * language. Everyone signed in; an unknown chapter is a 404.
 */

async function languageOf(request: Request): Promise<GuideLanguage> {
  const lng = await i18next.getLocale(request);
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}

export async function documentationLoader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return { chapters: guideChapters(await languageOf(request)) };
}

export async function chapterLoader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const language = await languageOf(request);
  const chapter = guideChapter(language, params.chapter);
  if (!chapter) throw refusal(404);
  const chapters = guideChapters(language);
  const index = CHAPTERS.indexOf(chapter.slug);
  const neighbour = (i: number) => chapters.find((c) => c.slug === CHAPTERS[i]) ?? null;
  return {
    chapter: { slug: chapter.slug, title: chapter.title, html: chapter.html },
    chapters: chapters.map(({ slug, title }) => ({ slug, title })),
    previous: index > 0 ? neighbour(index - 1) : null,
    next: index < CHAPTERS.length - 1 ? neighbour(index + 1) : null,
  };
}
