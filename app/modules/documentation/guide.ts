/**
 * The user guide's chapters (client-safe): their order and URL names. Each is a Markdown file per
 * language, docs/guide/<de|en>/<slug>.md; its first "# " heading is the chapter's title and its
 * first paragraph the summary on the chapter list.
 */
export const CHAPTERS = ["getting-started", "roles", "catalogue", "services", "base-data", "admin", "import-export", "ai-assistant"] as const;
export type ChapterSlug = (typeof CHAPTERS)[number];

export const GUIDE_PATH = "/documentation";

export function isChapter(value: string | undefined): value is ChapterSlug {
  return (CHAPTERS as readonly string[]).includes(value ?? "");
}

export interface ChapterSummary {
  slug: ChapterSlug;
  title: string;
  lead: string;
}
