import { describe, expect, it } from "vitest";
import { frameableBySelf, securityHeaders } from "../../../server/security.mjs";

const directive = (headers: Record<string, string>, name: string) =>
  headers["Content-Security-Policy"]
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe("framing of the T.O.M. PDF", () => {
  it("lets only /tom.pdf be framed, and only by this origin", () => {
    expect(frameableBySelf("/tom.pdf")).toBe(true);
    for (const path of ["/settings/tom", "/settings", "/logo", "/tom.pdf/", "/login"]) expect(frameableBySelf(path)).toBe(false);
    const pdf = securityHeaders("n", { frameableBySelf: true });
    expect(directive(pdf, "frame-ancestors")).toBe("frame-ancestors 'self'");
    expect(pdf["X-Frame-Options"]).toBe("SAMEORIGIN");
    // Nothing else is loosened for it.
    expect(directive(pdf, "object-src")).toBe("object-src 'none'");
    expect(directive(pdf, "script-src")).toBe("script-src 'self' 'nonce-n'");
  });

  it("keeps every other answer unframeable, and pages may frame their own origin (default-src 'self')", () => {
    const page = securityHeaders("n");
    expect(directive(page, "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(page["X-Frame-Options"]).toBe("DENY");
    expect(directive(page, "frame-src")).toBeUndefined();
    expect(directive(page, "default-src")).toBe("default-src 'self'");
  });
});
