import mammoth from "mammoth";
import { describe, expect, it } from "vitest";
import { packExport } from "~/modules/wordexport/export-package.server";
import { htmlToParagraphs, wordColour, type RichTarget } from "~/modules/wordexport/html-to-docx.server";
import { esc, xmlSafe } from "~/modules/wordexport/ooxml.server";

// The rich-text converter (issue 17 §5): the editor's HTML as Word paragraphs — bold, italic,
// underline, ordered and bullet lists (nested), text colour and background, links — and
// malformed or hostile HTML that must still give a valid document. Checked on the XML it writes
// and, read back by an independent reader (mammoth), on what a Word user would see.

function target(): RichTarget & { links: string[]; lists: boolean[] } {
  const links: string[] = [];
  const lists: boolean[] = [false];
  return {
    links,
    lists,
    link(url) {
      links.push(url);
      return `rIdShL${links.length}`;
    },
    list(ordered) {
      if (!ordered) return 1;
      lists.push(true);
      return lists.length;
    },
  };
}

const convert = (html: string) => htmlToParagraphs(html, target());
const paragraphs = (xml: string) => xml.match(/<w:p>.*?<\/w:p>/g) ?? [];
/** The run that holds `text`. */
const runOf = (xml: string, text: string) => (xml.match(/<w:r>(?:(?!<w:r>).)*?<\/w:r>/g) ?? []).find((r) => r.includes(`>${text}</w:t>`)) ?? "";

/** The HTML as a whole .docx, read back with mammoth (underline and strike mapped, which it leaves out by default). */
async function readBack(html: string) {
  const chunks = await packExport(
    { language: "de", title: "Test", description: "Test", header: "Test", footer: "Test", pageLabel: "Seite", ofLabel: "von" },
    (body) => body.add(htmlToParagraphs(html, body)),
  );
  const result = await mammoth.convertToHtml({ buffer: Buffer.concat(chunks) }, { styleMap: ["u => u", "strike => s"] });
  return result.value;
}

describe("inline formatting", () => {
  it("writes bold, italic, underline and strike as run properties, also nested", () => {
    const xml = convert("<p>a <strong>fett <em>beides <u>alles</u></em></strong> <s>weg</s> <b>b</b> <i>i</i></p>");
    expect(paragraphs(xml)).toHaveLength(1);
    expect(runOf(xml, "fett ")).toMatch(/<w:b\/>/);
    expect(runOf(xml, "fett ")).not.toMatch(/<w:i\/>/);
    expect(runOf(xml, "beides ")).toMatch(/<w:b\/>.*<w:i\/>/);
    expect(runOf(xml, "alles")).toMatch(/<w:b\/>.*<w:i\/>.*<w:u w:val="single"\/>/);
    expect(runOf(xml, "weg")).toMatch(/<w:strike\/>/);
    expect(runOf(xml, "b")).toMatch(/<w:b\/>/);
    expect(runOf(xml, "i")).toMatch(/<w:i\/>/);
    // Formatting ends with its tag.
    expect(runOf(xml, "a ")).not.toMatch(/<w:rPr>/);
  });

  it("turns the editor's text colour and background into colour and shading", () => {
    const xml = convert(
      '<p><span style="color: #c0392b">rot</span> <span style="background-color: rgb(255, 245, 157)">gelb</span> <span style="color:#0f0; background-color:#00000080">beides</span> <mark>markiert</mark></p>',
    );
    expect(runOf(xml, "rot")).toContain('<w:color w:val="C0392B"/>');
    expect(runOf(xml, "gelb")).toContain('<w:shd w:val="clear" w:color="auto" w:fill="FFF59D"/>');
    expect(runOf(xml, "beides")).toContain('<w:color w:val="00FF00"/>');
    expect(runOf(xml, "beides")).toContain('w:fill="000000"');
    expect(runOf(xml, "markiert")).toContain("<w:shd");
  });

  it("ignores colours it cannot read", () => {
    const xml = convert('<p><span style="color: red; background: url(javascript:alert(1))">x</span></p>');
    expect(runOf(xml, "x")).not.toMatch(/w:color|w:shd/);
    expect(wordColour("#abc")).toBe("AABBCC");
    expect(wordColour("rgba(0, 128, 255, 0.5)")).toBe("0080FF");
    expect(wordColour("rgb(100%, 0%, 50%)")).toBe("FF0080");
    expect(wordColour("expression(alert(1))")).toBeNull();
  });

  it("links web and mail addresses, and keeps only the text of anything else", () => {
    const t = target();
    const xml = htmlToParagraphs(
      '<p><a href="https://example.com/a?x=1&amp;y=2">Web</a>, <a href="mailto:it@example.com"><strong>Mail</strong></a>, <a href="javascript:alert(1)">böse</a>, <a href="/relativ">relativ</a></p>',
      t,
    );
    expect(t.links).toEqual(["https://example.com/a?x=1&y=2", "mailto:it@example.com"]);
    expect(xml).toMatch(/<w:hyperlink r:id="rIdShL1" w:history="1"><w:r><w:rPr><w:rStyle w:val="Hyperlink"\/><\/w:rPr><w:t xml:space="preserve">Web<\/w:t><\/w:r><\/w:hyperlink>/);
    expect(xml).toMatch(/<w:hyperlink r:id="rIdShL2"[^>]*><w:r><w:rPr><w:rStyle w:val="Hyperlink"\/><w:b\/>/);
    expect(xml).toContain(">böse</w:t>");
    expect(xml).toContain(">relativ</w:t>");
    expect((xml.match(/<w:hyperlink/g) ?? []).length).toBe(2);
  });
});

describe("paragraphs and lists", () => {
  it("writes a paragraph per block and a line break per <br>, collapsing whitespace", () => {
    const xml = convert("<p>  Eins\n  zwei  </p><p>drei<br>vier</p><div>fünf</div><p>   </p><p></p>");
    expect(paragraphs(xml)).toHaveLength(3);
    expect(paragraphs(xml)[0]).toContain(">Eins zwei </w:t>");
    expect(paragraphs(xml)[1]).toMatch(/>drei<\/w:t><\/w:r><w:r><w:br\/><\/w:r><w:r><w:t xml:space="preserve">vier</);
  });

  it("numbers ordered lists afresh and nests lists by level", () => {
    const t = target();
    const xml = htmlToParagraphs(
      "<ol><li><p>Eins</p><ul><li><p>Unterpunkt</p></li></ul></li><li>Zwei<p>Fortsetzung</p></li></ol><ul><li>Punkt</li></ul><ol><li>Neu</li></ol>",
      t,
    );
    const [one, sub, two, more, bullet, again] = paragraphs(xml);
    expect(one).toContain('<w:numPr><w:ilvl w:val="0"/><w:numId w:val="2"/></w:numPr>');
    expect(sub).toContain('<w:numPr><w:ilvl w:val="1"/><w:numId w:val="1"/></w:numPr>');
    expect(two).toContain('<w:numPr><w:ilvl w:val="0"/><w:numId w:val="2"/></w:numPr>');
    // A second paragraph of an item is indented like it, without a number of its own.
    expect(more).not.toContain("<w:numPr>");
    expect(more).toContain('<w:ind w:left="720"/>');
    expect(bullet).toContain('<w:numId w:val="1"/>');
    // Each ordered list is a list of its own: it starts at 1 again.
    expect(again).toContain('<w:numId w:val="3"/>');
  });

  it("gives headings, quotes and code in the text their own (non-outline) styles", () => {
    const xml = convert("<h2>Titel</h2><h3>Unter</h3><blockquote><p>Zitat</p></blockquote><pre>a\n  b</pre>");
    const [h2, h3, quote, code] = paragraphs(xml);
    expect(h2).toContain('<w:pStyle w:val="RichHeading2"/>');
    expect(h3).toContain('<w:pStyle w:val="RichHeading3"/>');
    expect(quote).toContain('<w:pStyle w:val="RichQuote"/>');
    expect(code).toContain('<w:pStyle w:val="RichCode"/>');
    expect(code).toContain(">  b</w:t>");
    expect(xml).not.toMatch(/"Heading[1-9]"/);
  });

  it("writes nothing for empty HTML", () => {
    expect(convert("")).toBe("");
    expect(convert("  <p> </p> <br> ")).toBe("");
    expect(htmlToParagraphs(null, target())).toBe("");
  });
});

describe("malformed and hostile HTML", () => {
  it("repairs unclosed and stray tags without losing text", () => {
    const xml = convert("<p><strong>fett<p>weiter</em></u> normal<ul><li>a<li>b</ul></div></span>ende");
    const texts = [...xml.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((m) => m[1]);
    expect(texts).toEqual(["fett", "weiter normal", "a", "b", "ende"]);
    expect(xml.match(/<w:p>/g)?.length).toBe(xml.match(/<\/w:p>/g)?.length);
  });

  it("drops scripts and styles, escapes markup in text and removes characters XML forbids", () => {
    const xml = convert('<p>a &lt;b&gt; &amp; "c"</p><script>alert(1)</script><style>p{}</style><p>x\u0000y\u0007z\ud800</p>');
    expect(xml).toContain('>a &lt;b&gt; &amp; &quot;c&quot;</w:t>');
    expect(xml).not.toContain("alert");
    expect(xml).not.toContain("p{}");
    expect(xml).toContain(">xyz</w:t>");
    expect(xmlSafe("ok\u0001\uFFFE")).toBe("ok");
    expect(esc('<&">')).toBe("&lt;&amp;&quot;&gt;");
  });
});

describe("read back by an independent reader", () => {
  it("keeps bold, italic, underline, strike, nested lists and links", async () => {
    const html = await readBack(
      '<p>Ein <strong>fetter</strong>, <em>kursiver</em>, <u>unterstrichener</u> und <s>gestrichener</s> Text mit <a href="https://example.com/x">Link</a>.</p>' +
        "<ol><li><p>Erstens</p><ul><li><p>innen</p></li></ul></li><li><p>Zweitens</p></li></ol>",
    );
    expect(html).toContain("<strong>fetter</strong>");
    expect(html).toContain("<em>kursiver</em>");
    expect(html).toContain("<u>unterstrichener</u>");
    expect(html).toContain("<s>gestrichener</s>");
    expect(html).toContain('<a href="https://example.com/x">Link</a>');
    expect(html).toContain("<ol><li>Erstens<ul><li>innen</li></ul></li><li>Zweitens</li></ol>");
  });

  it("opens malformed input as a document", async () => {
    const html = await readBack("<p><b>offen<i>verschachtelt</p><li>lose</li></ol><a href='https://example.com'>ohne Ende");
    expect(html).toContain("offen");
    expect(html).toContain("verschachtelt");
    expect(html).toContain("ohne Ende");
  });
});
