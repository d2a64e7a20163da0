/**
 * Hostile values for the fuzz test (tests/e2e/fuzz.http.spec.ts, `npm run fuzz`; issue 21 item 2).
 *
 * Each value is given as it travels: `body` is the bytes that stand for the value in a form body
 * (urlencoded: already percent-encoded, or raw bytes a browser would never send; multipart: the
 * part's raw content), `query` the percent-encoded text in a URL. `shape` says when the value is
 * not a value but a change of the form's structure (the field missing, sent twice, sent as an
 * array or an object in conform's naming).
 */
export type HostileShape = "value" | "missing" | "duplicate" | "array" | "object";

export interface HostileValue {
  name: string;
  shape: HostileShape;
  /** The value in an application/x-www-form-urlencoded body (already encoded, may hold raw bytes). */
  urlencoded: Buffer;
  /** The value as the raw content of a multipart part. */
  multipart: Buffer;
  /** The value in a query string (percent-encoded; may be deliberately malformed). */
  query: string;
}

/** Reflected unescaped, this would run in the reader's browser; no HTML answer may contain it. */
export const SCRIPT_MARKER = "<script>alert(1)</script>";
/** The tag an attribute breakout would open; no HTML answer may contain it unescaped. */
export const IMG_MARKER = "<img src=x onerror=alert(1)>";

/** Percent-encodes the UTF-8 bytes of a string (a lone surrogate becomes U+FFFD, as in a browser). */
export function percentEncode(value: string): string {
  let out = "";
  for (const byte of Buffer.from(value, "utf8")) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** A value given as text: percent-encoded for forms and queries, UTF-8 in multipart. */
function text(name: string, value: string, queryValue = value): HostileValue {
  return {
    name,
    shape: "value",
    urlencoded: Buffer.from(percentEncode(value)),
    multipart: Buffer.from(value, "utf8"),
    query: percentEncode(queryValue),
  };
}

/** A value given as bytes: the same bytes raw in a body, and this encoding in a query. */
function raw(name: string, bytes: Buffer, query: string): HostileValue {
  return { name, shape: "value", urlencoded: bytes, multipart: bytes, query };
}

function structural(shape: Exclude<HostileShape, "value">): HostileValue {
  const marker = text(shape, SCRIPT_MARKER);
  return { ...marker, name: shape, shape };
}

export const HOSTILE_VALUES: readonly HostileValue[] = [
  // Size: a 1 MB value in a body, just below the 1 MiB every form accepts (FORM_MAX_BYTES), so the
  // field's own check answers (a larger body is refused whole: tests/e2e/security-limits.http.spec.ts);
  // in a URL 64 KB is already past every header limit.
  text("huge 1 MB", "A".repeat(1_000_000), "A".repeat(64 * 1024)),
  text("long line 10k", "Ü".repeat(10_000), "Ü".repeat(2_000)),
  text("NUL byte", "a\u0000b"),
  text("control characters", "\u0001\u0008\u001b[31m\u007f"),
  text("CRLF header injection", "a\r\nSet-Cookie: fuzz=1\r\n\r\n<b>x</b>"),
  // Encoding: bytes that are not UTF-8, percent-escapes that decode to nothing, a lone surrogate.
  raw("invalid UTF-8", Buffer.from([0x61, 0xc3, 0x28, 0xff, 0xfe, 0x80, 0x62]), "a%C3%28%FF%FE%80b"),
  raw("truncated percent-encoding", Buffer.from("%E0%A4%A"), "%E0%A4%A"),
  raw("bad percent-encoding", Buffer.from("%ZZ%"), "%ZZ%"),
  raw("lone surrogate (CESU bytes)", Buffer.from([0xed, 0xa0, 0x80]), "%ED%A0%80"),
  text("lone surrogate (JS string)", "x\uD800y"),
  text("RTL override and zero-width", "\u202Egnp.exe\u200B\u200D\uFEFF\u2066x"),
  text("astral and combining", "𝕏😀e\u0301\u0336"),
  // Markup and script.
  text("script tag", SCRIPT_MARKER),
  text("attribute breakout", `"'>${IMG_MARKER}`),
  text("javascript: URL", "javascript:alert(1)"),
  text("rich text with handlers", `<p onclick="alert(1)">x</p>${SCRIPT_MARKER}<a href="javascript:alert(1)">l</a>${IMG_MARKER}`),
  // SQL and full-text search syntax.
  text("SQL tautology", "' OR 1=1 --"),
  text("SQL statement", "'; DROP TABLE services; --"),
  text("FTS NEAR(", "NEAR("),
  text("FTS operators", "a AND OR NOT"),
  text("FTS star", "*"),
  text("FTS quote", '"'),
  text("LIKE wildcards", "%_\\%"),
  // Wrong types and out-of-range numbers and dates.
  text("negative", "-1"),
  text("huge integer", "99999999999999999999999"),
  text("1e309", "1e309"),
  text("NaN", "NaN"),
  text("Infinity", "-Infinity"),
  text("impossible date", "2026-13-45"),
  text("object name", "__proto__"),
  text("path traversal", "../../../etc/passwd"),
  // Return paths a Location header cannot carry as text: above U+00FF (the redirect was a 500)
  // and Latin-1 (went out as raw bytes); issue 31 §8.
  text("path above U+00FF", "/\u3002evil"),
  text("Latin-1 path", "/\u00e9t\u00e9\u00ff"),
  text("empty", ""),
  text("only spaces", "   \t "),
  // Structure: the field missing, twice, or as an array or object.
  structural("missing"),
  structural("duplicate"),
  structural("array"),
  structural("object"),
];

/**
 * Query parameters that change how the framework reads a request rather than what a form says,
 * to add to a form's action URL: Remix's data protocol from before single fetch (`?_data=`),
 * which answered some form posts with a 500 (issue 31 §8). Each must get a 4xx.
 */
export const HOSTILE_PARAMETERS: readonly { name: string; query: string }[] = [
  { name: "old data request, root", query: "_data=root" },
  { name: "old data request, a route id", query: "_data=routes%2F_auth.login" },
  { name: "old data request, empty", query: "_data=" },
];

/** Whether an HTML answer carries one of the markers unescaped. */
export function unescapedMarker(html: string): string | null {
  for (const marker of [SCRIPT_MARKER, IMG_MARKER]) if (html.includes(marker)) return marker;
  return null;
}
