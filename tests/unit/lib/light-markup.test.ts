import { describe, expect, it } from "vitest";
import { htmlToMarkup, isLightMarkupHtml, markupOrHtml, markupToHtml } from "~/lib/light-markup";
import { readFormData } from "~/server/request-body.server";
import { sanitizeRichText } from "~/server/sanitize.server";

describe("markupToHtml (issue 32 §12: rich text without typing HTML)", () => {
  it("makes a blank line a new paragraph and a single line break a <br>", () => {
    expect(markupToHtml("Erster Absatz\nzweite Zeile\n\nZweiter Absatz")).toBe("<p>Erster Absatz<br>zweite Zeile</p><p>Zweiter Absatz</p>");
  });

  it("makes lines starting with '- ' a bulleted list, also right after a paragraph line", () => {
    expect(markupToHtml("Umfang:\n- Notebook\n-   Monitor\n\nDanach")).toBe("<p>Umfang:</p><ul><li>Notebook</li><li>Monitor</li></ul><p>Danach</p>");
  });

  it("reads Windows line ends, blank lines with spaces and surrounding space", () => {
    expect(markupToHtml("  a\r\n \t \r\n- b\r\n")).toBe("<p>a</p><ul><li>b</li></ul>");
    expect(markupToHtml("")).toBe("");
    expect(markupToHtml(" \n\n ")).toBe("");
  });

  it("treats everything typed as text: markup cannot carry HTML", () => {
    const html = markupToHtml('<script>alert(1)</script> & <b onclick="x">fett</b>');
    expect(html).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b onclick=\"x\"&gt;fett&lt;/b&gt;</p>");
    expect(sanitizeRichText(html)).toBe(html);
  });

  it("keeps a minus inside a line and a hyphenated word as text", () => {
    expect(markupToHtml("5 - 3 ist 2\n-Strich")).toBe("<p>5 - 3 ist 2<br>-Strich</p>");
  });
});

describe("markupOrHtml: what a no-JS field or a CSV cell holds", () => {
  it("keeps text holding a rich-text tag as HTML and makes anything else markup", () => {
    expect(markupOrHtml("<p>a</p>")).toBe("<p>a</p>");
    expect(markupOrHtml("Hallo <strong>fett</strong>")).toBe("Hallo <strong>fett</strong>");
    expect(markupOrHtml("Maus & <Tasche>\n- a < b")).toBe("<p>Maus &amp; &lt;Tasche&gt;</p><ul><li>a &lt; b</li></ul>");
  });
});

describe("htmlToMarkup", () => {
  it("writes paragraphs, line breaks and list items back as markup", () => {
    expect(htmlToMarkup("<p>Umfang:</p><ul><li>Notebook</li><li>Monitor</li></ul><p>a<br>b</p>")).toBe("Umfang:\n\n- Notebook\n- Monitor\n\na\nb");
  });

  it("reads the editor's list items with paragraphs inside and decodes entities", () => {
    expect(htmlToMarkup("<ul><li><p>A &amp; B</p></li><li><p>&lt;C&gt;</p></li></ul>")).toBe("- A & B\n- <C>");
  });

  it("drops formatting it cannot express and keeps the words apart", () => {
    expect(htmlToMarkup('<h2>Titel</h2><p><strong>fett</strong> und <span style="color:#f00">rot</span></p><ol><li>eins</li></ol>')).toBe("Titel\n\nfett und rot\n\n- eins");
    expect(htmlToMarkup(null)).toBe("");
    expect(htmlToMarkup("nur Text")).toBe("nur Text");
  });

  it("round-trips what markupToHtml writes", () => {
    for (const markup of ["a", "a\nb\n\nc", "Liste:\n\n- x\n- y\n\nEnde", "- nur\n- Liste", "Zeichen < & >"]) {
      const html = markupToHtml(markup);
      expect(htmlToMarkup(html)).toBe(markup);
      expect(markupToHtml(htmlToMarkup(html))).toBe(html);
      expect(isLightMarkupHtml(html)).toBe(true);
    }
  });
});

describe("isLightMarkupHtml: which stored HTML the no-JS editor shows as markup", () => {
  it("accepts paragraphs, line breaks and one level of bullets, also the editor's <li><p>", () => {
    expect(isLightMarkupHtml("<p>a<br>b</p><ul><li><p>c</p></li></ul>")).toBe(true);
    expect(isLightMarkupHtml("")).toBe(true);
    expect(isLightMarkupHtml(null)).toBe(true);
  });

  it("refuses HTML the markup would lose or change", () => {
    expect(isLightMarkupHtml("<p><strong>fett</strong></p>")).toBe(false);
    expect(isLightMarkupHtml('<p style="x">a</p>')).toBe(false);
    expect(isLightMarkupHtml("<ol><li>a</li></ol>")).toBe(false);
    expect(isLightMarkupHtml("<ul><li>a<ul><li>b</li></ul></li></ul>")).toBe(false);
    expect(isLightMarkupHtml("<p>- kein Punkt</p>")).toBe(false);
    expect(isLightMarkupHtml("<p>a<br><br>b</p>")).toBe(false);
  });
});

describe("readFormData: a no-JS rich-text field's markup arrives as HTML", () => {
  const post = (body: URLSearchParams) =>
    readFormData(new Request("http://localhost/x", { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } }));

  it("converts the field the marker names, removes the marker and leaves other fields alone", async () => {
    const form = await post(new URLSearchParams([["_markup", "value"], ["value", "a\n\n- b"], ["name", "- kein Punkt"]]));
    expect(form.get("value")).toBe("<p>a</p><ul><li>b</li></ul>");
    expect(form.get("name")).toBe("- kein Punkt");
    expect(form.has("_markup")).toBe(false);
  });

  it("keeps typed HTML as HTML and ignores a marker naming nothing", async () => {
    const form = await post(new URLSearchParams([["_markup", "value"], ["_markup", "missing"], ["value", "<p><strong>fett</strong></p>"]]));
    expect(form.get("value")).toBe("<p><strong>fett</strong></p>");
    expect(form.has("missing")).toBe(false);
  });

  it("a form without the marker is untouched", async () => {
    expect((await post(new URLSearchParams([["value", "a\n\n- b"]]))).get("value")).toBe("a\n\n- b");
  });
});
