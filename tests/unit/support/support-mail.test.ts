import { describe, expect, it } from "vitest";
import { asRichText, hasText, richTextToMailText, supportSubject } from "~/modules/support/support-mail";

/** The support mail's rules (issue 16 §6): subject from the host name, the plain-text part, what counts as empty. */
describe("supportSubject", () => {
  it.each([
    ["acme.servicehub.example", "acme Supportticket"],
    ["servicehub.example.com", "servicehub Supportticket"],
    ["localhost", "localhost Supportticket"],
    ["ACME.Example.COM", "acme Supportticket"],
    ["acme.example.", "acme Supportticket"],
  ])("takes the first label of %s", (host, subject) => {
    expect(supportSubject(host)).toBe(subject);
  });

  it.each([
    ["127.0.0.1", "127.0.0.1 Supportticket"],
    ["10.20.30.40", "10.20.30.40 Supportticket"],
    ["[::1]", "::1 Supportticket"],
    ["::1", "::1 Supportticket"],
    ["[2001:db8::1]", "2001:db8::1 Supportticket"],
  ])("keeps an IP address (%s) whole", (host, subject) => {
    expect(supportSubject(host)).toBe(subject);
  });

  it("never starts with an empty word", () => {
    expect(supportSubject("")).toBe("ServiceHub Supportticket");
  });
});

describe("richTextToMailText", () => {
  it("puts paragraphs and line breaks on lines and drops inline tags", () => {
    expect(richTextToMailText("<p>Hallo <strong>Team</strong>,</p><p>der <em>Drucker</em> <u>streikt</u>.<br>Danke</p>")).toBe(
      "Hallo Team,\nder Drucker streikt.\nDanke",
    );
  });

  it("writes lists as bullets and numbers (the editor's <li><p>…</p></li> too), nested ones indented", () => {
    const html = "<p>Schritte:</p><ol><li><p>Start</p></li><li><p>Ende</p><ul><li><p>Detail</p></li></ul></li></ol><ul><li>Punkt</li></ul>";
    expect(richTextToMailText(html)).toBe("Schritte:\n1. Start\n2. Ende\n  • Detail\n• Punkt");
  });

  it("decodes the entities the sanitiser writes", () => {
    expect(richTextToMailText("<p>a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#39;&nbsp;e</p>")).toBe(`a <b> & "c" 'd' e`);
  });

  it("drops empty paragraphs and stray spaces", () => {
    expect(richTextToMailText("<p> a </p><p></p><p>  </p><ul><li><p> b</p></li></ul>")).toBe("a\n• b");
  });
});

describe("hasText", () => {
  it.each(["", "<p></p>", "<p> </p>", "<ul><li><p></p></li></ul>", "<p>&nbsp;</p>", "<br>"])("finds nothing in %j", (html) => {
    expect(hasText(html)).toBe(false);
  });

  it("finds a word", () => {
    expect(hasText("<p><strong>x</strong></p>")).toBe(true);
  });
});

describe("asRichText", () => {
  it("keeps the editor's HTML as it is (the sanitiser runs next)", () => {
    expect(asRichText("<p><strong>fett</strong></p>")).toBe("<p><strong>fett</strong></p>");
    expect(asRichText("x<script>alert(1)</script>")).toBe("x<script>alert(1)</script>");
  });

  it("makes plain text from the textarea one escaped paragraph per line", () => {
    expect(asRichText("Zeile 1\r\n\r\n  Zeile 2 & 3 > 2  \n")).toBe("<p>Zeile 1</p><p>Zeile 2 &amp; 3 &gt; 2</p>");
    expect(asRichText("a < b")).toBe("<p>a &lt; b</p>");
  });
});
