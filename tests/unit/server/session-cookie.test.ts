import { describe, expect, it } from "vitest";
import { getSessionId } from "~/modules/access/session.server";
import { secureSessionCookie, serializeCookie, sessionCookie, sessionCookieFor } from "~/server/cookies.server";

// The session cookie (issue 21 §5): `__Host-sh_session` over TLS (Secure, Path=/, no Domain),
// `sh_session` over plain http; HttpOnly and SameSite=Lax either way; read only under the name
// that matches the request's protocol.

const attributes = (header: string) => header.split(";").map((p) => p.trim().toLowerCase());

describe("session cookie", () => {
  it("over TLS is __Host- prefixed, Secure, Path=/, without Domain, HttpOnly, SameSite=Lax", async () => {
    const request = new Request("https://servicehub.example/login", { method: "POST" });
    const cookie = sessionCookieFor(request);
    expect(cookie.name).toBe("__Host-sh_session");
    const header = await serializeCookie(cookie, request, "id-1");
    expect(header.startsWith("__Host-sh_session=")).toBe(true);
    const parts = attributes(header);
    expect(parts).toContain("secure");
    expect(parts).toContain("path=/");
    expect(parts).toContain("httponly");
    expect(parts).toContain("samesite=lax");
    expect(parts.some((p) => p.startsWith("domain="))).toBe(false);
    expect(parts.some((p) => p.startsWith("max-age="))).toBe(true);
  });

  it("over plain http is sh_session, HttpOnly, SameSite=Lax, without Secure (it would never come back)", async () => {
    const request = new Request("http://127.0.0.1:3000/login", { method: "POST" });
    expect(sessionCookieFor(request)).toBe(sessionCookie);
    const parts = attributes(await serializeCookie(sessionCookieFor(request), request, "id-1"));
    expect(parts[0].startsWith("sh_session=")).toBe(true);
    expect(parts).toContain("httponly");
    expect(parts).toContain("samesite=lax");
    expect(parts).not.toContain("secure");
  });

  it("is read only under the name of the request's protocol", async () => {
    const plain = (await sessionCookie.serialize("plain-id")).split(";")[0];
    const secure = (await secureSessionCookie.serialize("secure-id")).split(";")[0];
    const both = `${plain}; ${secure}`;
    expect(await getSessionId(new Request("https://servicehub.example/", { headers: { Cookie: both } }))).toBe("secure-id");
    expect(await getSessionId(new Request("http://servicehub.example/", { headers: { Cookie: both } }))).toBe("plain-id");
    // A cookie a plain-http page could set never opens a session over TLS.
    expect(await getSessionId(new Request("https://servicehub.example/", { headers: { Cookie: plain } }))).toBeNull();
    expect(await getSessionId(new Request("http://servicehub.example/", { headers: { Cookie: secure } }))).toBeNull();
  });
});
