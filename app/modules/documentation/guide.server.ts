import { Marked, type Token, type Tokens } from "marked";
import { htmlToPlainText, sanitizeGuideHtml } from "~/server/sanitize.server";
import { CHAPTERS, isChapter, type ChapterSlug, type ChapterSummary } from "./guide";

/**
 * The user guide: Markdown files in docs/guide/<language>/, bundled into the server build by
 * Vite (no file system access at run time), rendered with marked and sanitised with the guide's
 * allow-list once per process, then served from memory.
 */

export type GuideLanguage = "de" | "en";

const SOURCES = import.meta.glob("/docs/guide/*/*.md", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

/** The Markdown of a chapter, or undefined when the file is missing. */
export function chapterSource(language: GuideLanguage, slug: ChapterSlug): string | undefined {
  return SOURCES[`/docs/guide/${language}/${slug}.md`];
}

const marked = new Marked({ gfm: true, breaks: false, async: false });

export interface RenderedChapter extends ChapterSummary {
  /** Sanitised HTML of the whole chapter, its title heading included. */
  html: string;
}

/** Markdown → safe HTML, with the title (first h1) and the lead (first paragraph) as plain text. */
export function renderGuideMarkdown(markdown: string): { html: string; title: string; lead: string } {
  const tokens = marked.lexer(markdown);
  const heading = tokens.find((t): t is Tokens.Heading => t.type === "heading" && (t as Tokens.Heading).depth === 1);
  const paragraph = tokens.find((t: Token): t is Tokens.Paragraph => t.type === "paragraph");
  const plain = (token: Token | undefined) => (token ? htmlToPlainText(sanitizeGuideHtml(marked.parseInline((token as Tokens.Generic).text ?? "") as string)) : "");
  return { html: sanitizeGuideHtml(marked.parser(tokens)), title: plain(heading), lead: plain(paragraph) };
}

const cache = new Map<string, RenderedChapter>();

/** A chapter in a language, rendered (cached); null for an unknown chapter or a missing file. */
export function guideChapter(language: GuideLanguage, slug: string | undefined): RenderedChapter | null {
  if (!isChapter(slug)) return null;
  const key = `${language}/${slug}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const source = chapterSource(language, slug);
  if (source === undefined) return null;
  const chapter = { slug, ...renderGuideMarkdown(source) };
  cache.set(key, chapter);
  return chapter;
}

/** Every chapter's title and summary, in order. */
export function guideChapters(language: GuideLanguage): ChapterSummary[] {
  return CHAPTERS.map((slug) => guideChapter(language, slug)).flatMap((c) => (c ? [{ slug: c.slug, title: c.title, lead: c.lead }] : []));
}
