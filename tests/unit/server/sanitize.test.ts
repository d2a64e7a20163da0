import { describe, expect, it } from "vitest";
import { htmlToPlainText, sanitizeRichText } from "~/server/sanitize.server";

describe("sanitizeRichText", () => {
  it('returns "" for empty input', () => {
    expect(sanitizeRichText("")).toBe("");
    expect(sanitizeRichText(null)).toBe("");
    expect(sanitizeRichText(undefined)).toBe("");
  });

  it("keeps the allowed formatting tags unchanged", () => {
    const html =
      "<h2>Titel</h2><h3>Unter</h3><p>a<br />b <strong>s</strong> <b>b</b> <em>e</em> <i>i</i> <u>u</u> <s>x</s></p>" +
      "<ol><li>eins</li></ol><ul><li>zwei</li></ul><blockquote>z</blockquote><pre><code>c()</code></pre>";
    expect(sanitizeRichText(html)).toBe(html);
  });

  it("removes scripts with their content and keeps surrounding text", () => {
    expect(sanitizeRichText("<p>Hallo<script>alert(1)</script> Welt</p>")).toBe("<p>Hallo Welt</p>");
    expect(sanitizeRichText("<style>p{color:red}</style><p>x</p>")).toBe("<p>x</p>");
  });

  it("removes event handlers and other attributes", () => {
    expect(sanitizeRichText('<p onclick="x()" class="c" id="i">t</p>')).toBe("<p>t</p>");
    expect(sanitizeRichText('<strong onmouseover="x()">t</strong>')).toBe("<strong>t</strong>");
  });

  it("removes iframes, images, forms and objects including their content", () => {
    const out = sanitizeRichText(
      '<iframe src="https://evil.example">fallback</iframe><img src="x" onerror="alert(1)"><object data="x">o</object><form><input></form><p>ok</p>',
    );
    expect(out).toBe("<p>ok</p>");
  });

  it("maps pasted headings and divs to the nearest allowed tag", () => {
    expect(sanitizeRichText("<h1>A</h1><h4>B</h4><h6>C</h6><div>D</div>")).toBe("<h2>A</h2><h3>B</h3><h3>C</h3><p>D</p>");
  });

  describe("links", () => {
    it.each([
      ["https://example.org/a?b=1&c=2", "https://example.org/a?b=1&amp;c=2"],
      ["http://example.org", "http://example.org"],
      ["mailto:info@example.org", "mailto:info@example.org"],
      ["HTTPS://EXAMPLE.ORG", "HTTPS://EXAMPLE.ORG"],
    ])("keeps href %s", (href, rendered) => {
      expect(sanitizeRichText(`<a href="${href}">x</a>`)).toBe(`<a href="${rendered}">x</a>`);
    });

    it.each([
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "  javascript:alert(1)",
      "java&#x09;script:alert(1)",
      "&#106;avascript:alert(1)",
      "data:text/html;base64,PHNjcmlwdD4=",
      "vbscript:msgbox(1)",
      "ftp://example.org",
      "tel:+49123",
      "//evil.example",
      "/relative/path",
      "#anchor",
    ])("drops href %s", (href) => {
      expect(sanitizeRichText(`<a href="${href}">x</a>`)).toBe("<a>x</a>");
    });

    it('forces rel="noopener noreferrer" on target=_blank', () => {
      expect(sanitizeRichText('<a href="https://e.org" target="_blank">x</a>')).toBe(
        '<a href="https://e.org" target="_blank" rel="noopener noreferrer">x</a>',
      );
      expect(sanitizeRichText('<a href="https://e.org" target="_blank" rel="opener">x</a>')).toBe(
        '<a href="https://e.org" target="_blank" rel="opener noopener noreferrer">x</a>',
      );
    });

    it("keeps extra rel tokens the editor adds, without duplicating", () => {
      expect(sanitizeRichText('<a href="https://e.org" target="_blank" rel="noopener noreferrer nofollow">x</a>')).toBe(
        '<a href="https://e.org" target="_blank" rel="noopener noreferrer nofollow">x</a>',
      );
    });

    it("drops targets other than _blank", () => {
      expect(sanitizeRichText('<a href="https://e.org" target="_top">x</a>')).toBe('<a href="https://e.org">x</a>');
    });

    it("strips rel tokens that are not plain words", () => {
      expect(sanitizeRichText('<a href="https://e.org" rel="nofollow x&quot;y">x</a>')).toBe(
        '<a href="https://e.org" rel="nofollow">x</a>',
      );
    });
  });

  describe("styles", () => {
    it("keeps hex and rgb colour and background-color on span and mark", () => {
      expect(sanitizeRichText('<span style="color: #ff0000">r</span>')).toBe('<span style="color:#ff0000">r</span>');
      expect(sanitizeRichText('<span style="background-color: rgb(1, 2, 3)">r</span>')).toBe(
        '<span style="background-color:rgb(1, 2, 3)">r</span>',
      );
      expect(sanitizeRichText('<mark style="background-color: #FFF">m</mark>')).toBe('<mark style="background-color:#FFF">m</mark>');
      expect(sanitizeRichText('<span style="color: rgba(1, 2, 3, 0.5)">r</span>')).toBe(
        '<span style="color:rgba(1, 2, 3, 0.5)">r</span>',
      );
    });

    it("drops other properties and non-hex/rgb values", () => {
      expect(sanitizeRichText('<span style="color: #f00; font-size: 40px; position: fixed">r</span>')).toBe(
        '<span style="color:#f00">r</span>',
      );
      expect(sanitizeRichText('<span style="color: red">r</span>')).toBe("<span>r</span>");
      expect(sanitizeRichText('<span style="background-color: url(javascript:alert(1))">r</span>')).toBe("<span>r</span>");
      expect(sanitizeRichText('<span style="color: expression(alert(1))">r</span>')).toBe("<span>r</span>");
      expect(sanitizeRichText('<span style="background-image: url(x)">r</span>')).toBe("<span>r</span>");
      expect(sanitizeRichText('<mark style="background-color: #fff; color: inherit">m</mark>')).toBe(
        '<mark style="background-color:#fff">m</mark>',
      );
    });

    it("drops style on tags other than span and mark", () => {
      expect(sanitizeRichText('<p style="color: #fff">p</p>')).toBe("<p>p</p>");
      expect(sanitizeRichText('<a href="https://e.org" style="color: #fff">a</a>')).toBe('<a href="https://e.org">a</a>');
    });

    it("cannot break out of the style attribute", () => {
      const out = sanitizeRichText('<span style="color:#fff;}</style><script>alert(1)</script>">c</span>');
      expect(out).not.toMatch(/<script/i);
      expect(out).not.toMatch(/<\/style/i);
    });
  });

  it("escapes text so it cannot become markup", () => {
    expect(sanitizeRichText("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>")).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
    expect(sanitizeRichText("1 < 2 & 3 > 2")).toBe("1 &lt; 2 &amp; 3 &gt; 2");
  });

  it("is idempotent", () => {
    const once = sanitizeRichText(
      '<p onclick="x">a <a href="https://e.org" target="_blank">l</a> <span style="color:#fff; top:0">c</span></p><h1>h</h1>',
    );
    expect(sanitizeRichText(once)).toBe(once);
  });
});

describe("htmlToPlainText", () => {
  it('returns "" for empty input', () => {
    expect(htmlToPlainText("")).toBe("");
    expect(htmlToPlainText(null)).toBe("");
    expect(htmlToPlainText(undefined)).toBe("");
    expect(htmlToPlainText("<p> </p><p></p>")).toBe("");
  });

  it("removes tags and keeps inline text together", () => {
    expect(htmlToPlainText("<p>Hal<strong>lo</strong> <em>Welt</em></p>")).toBe("Hallo Welt");
  });

  it("separates words at block boundaries and line breaks", () => {
    expect(htmlToPlainText("<p>eins</p><p>zwei</p><ul><li>drei</li><li>vier</li></ul>fünf<br>sechs<h2>sieben</h2>")).toBe(
      "eins zwei drei vier fünf sechs sieben",
    );
  });

  it("decodes entities", () => {
    expect(htmlToPlainText("<p>a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#39; &auml;&szlig; &euro;&nbsp;5</p>")).toBe(
      "a & b <c> \"d\" 'e' äß € 5",
    );
  });

  it("decodes only once", () => {
    expect(htmlToPlainText("&amp;lt;b&amp;gt;")).toBe("&lt;b&gt;");
  });

  it("drops the content of scripts and styles", () => {
    expect(htmlToPlainText("<p>ok</p><script>alert('x')</script><style>p{}</style>")).toBe("ok");
  });

  it("collapses all whitespace", () => {
    expect(htmlToPlainText("  <p>\n a \t  b\r\n</p>  ")).toBe("a b");
  });
});
