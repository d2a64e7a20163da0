import { describe, expect, it } from "vitest";
import de from "~/i18n/locales/de";
import en from "~/i18n/locales/en";
import { CHAPTERS } from "~/modules/documentation/guide";
import { chapterSource, guideChapter, guideChapters, renderGuideMarkdown } from "~/modules/documentation/guide.server";

/**
 * The user guide (issue 20 §5): every chapter exists in German and English, renders to a title, a
 * summary and HTML without anything that could run or load, and its links to other chapters lead
 * to chapters that exist.
 */

const LANGUAGES = ["de", "en"] as const;

/** What must never reach the page from the guide's HTML. */
const UNSAFE = [/<script/i, /<style/i, /<iframe/i, /<img/i, /<object/i, /<embed/i, /<form/i, /<input/i, /\son[a-z]+\s*=/i, /\ssrc=/i, /href="(?!\/[^/]|#|https?:|mailto:)/i, /\sstyle=/i, /\sclass=/i];

describe("every chapter in both languages", () => {
  for (const language of LANGUAGES) {
    it.each(CHAPTERS)(`${language}: %s exists, has a title and a summary, and renders clean HTML`, (slug) => {
      const source = chapterSource(language, slug);
      expect(source, `docs/guide/${language}/${slug}.md`).toBeTruthy();
      const chapter = guideChapter(language, slug)!;
      expect(chapter.title.length).toBeGreaterThan(3);
      expect(chapter.lead.length).toBeGreaterThan(40);
      expect(chapter.html).toMatch(/^<h1>/);
      for (const pattern of UNSAFE) expect(chapter.html, String(pattern)).not.toMatch(pattern);
    });
  }

  it("German and English have the same chapters, with different texts", () => {
    expect(guideChapters("de").map((c) => c.slug)).toEqual([...CHAPTERS]);
    expect(guideChapters("en").map((c) => c.slug)).toEqual([...CHAPTERS]);
    for (const slug of CHAPTERS) expect(guideChapter("de", slug)!.html).not.toBe(guideChapter("en", slug)!.html);
  });

  it("links to other chapters lead to chapters that exist, and the two languages link alike", () => {
    for (const slug of CHAPTERS) {
      const links = (language: "de" | "en") => [...guideChapter(language, slug)!.html.matchAll(/href="\/documentation\/([^"#]+)"/g)].map((m) => m[1]);
      for (const language of LANGUAGES) for (const target of links(language)) expect(CHAPTERS, `${language}/${slug} → ${target}`).toContain(target);
      expect(links("en"), slug).toEqual(links("de"));
      // Headings carry no ids, so a link to an anchor would lead nowhere.
      for (const language of LANGUAGES) expect(guideChapter(language, slug)!.html, `${language}/${slug}`).not.toMatch(/href="[^"]*#/);
    }
  });

  it("the base-data chapter lists every keyboard shortcut of the base-data lists", () => {
    for (const language of LANGUAGES) {
      const html = guideChapter(language, "base-data")!.html;
      for (const key of ["n", "Alt", "N", "Tab", "Enter", "Esc", "↑", "↓", "e", "/", "?"]) expect(html).toContain(`<kbd translate="no">${key}</kbd>`);
      expect(html).toContain(language === "de" ? '<kbd translate="no">Entf</kbd>' : '<kbd translate="no">Delete</kbd>');
    }
  });

  it("the AI chapter explains every setting the not-configured line names (issue 32 §5)", () => {
    for (const language of LANGUAGES) {
      const line = (language === "de" ? de : en).ai.setup.admin;
      const names = line.match(/AI_[A-Z_]+/g) ?? [];
      expect(names, language).toEqual(["AI_BASE_URL", "AI_MODEL", "AI_API_KEY"]);
      const html = guideChapter(language, "ai-assistant")!.html;
      // Each in the first column of the settings table.
      for (const name of names) expect(html, `${language}: ${name}`).toMatch(new RegExp(`<td[^>]*><code>${name}</code></td>`));
    }
  });

  it("an unknown chapter is null", () => {
    expect(guideChapter("de", "nope")).toBeNull();
    expect(guideChapter("en", undefined)).toBeNull();
    expect(guideChapter("de", "__proto__")).toBeNull();
  });
});

describe("Markdown with markup in it", () => {
  it("keeps headings, tables, code and key caps, and drops everything that could run or load", () => {
    const { html, title, lead } = renderGuideMarkdown(
      [
        "# Title <script>alert(1)</script>",
        "",
        'Lead with <img src=x onerror="alert(2)"> an image and <b onclick="x()">bold</b>.',
        "",
        "<script>alert(3)</script>",
        '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
        "",
        "[js](javascript:alert(4)) [proto](//evil.example/x) [data](data:text/html,hi) [ok](/servicecatalog) [web](https://example.com)",
        "",
        '<a href="/x" onmouseover="alert(5)" style="color:red" class="c">raw link</a>',
        "",
        "| a | b |",
        "|:-|-:|",
        '| `x` | <kbd onclick="x()" translate="yes">n</kbd> |',
        "",
        "```js",
        "<script>alert(6)</script>",
        "```",
      ].join("\n"),
    );
    for (const pattern of UNSAFE) expect(html, String(pattern)).not.toMatch(pattern);
    expect(html).not.toMatch(/alert\((1|3)\)/);
    expect(html).toMatch(/<h1>Title\s*<\/h1>/);
    expect(html).toContain('<a href="/servicecatalog">ok</a>');
    expect(html).toContain('<a href="https://example.com">web</a>');
    expect(html).toContain("<a>js</a>");
    expect(html).toContain("<a>proto</a>");
    expect(html).toContain('<a href="/x">raw link</a>');
    expect(html).toContain('<th align="left">a</th>');
    // Key caps are marked as not to be translated; no other attribute survives on them.
    expect(html).toContain('<td align="right"><kbd translate="no">n</kbd></td>');
    // Code shows markup as text.
    expect(html).toContain("&lt;script&gt;alert(6)&lt;/script&gt;");
    expect(title).toBe("Title");
    expect(lead).toBe("Lead with an image and bold.");
  });
});
