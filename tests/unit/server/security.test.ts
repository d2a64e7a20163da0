import { describe, expect, it } from "vitest";
import { isCrossSiteRequest, securityHeaders, signInOrigins } from "../../../server/security.mjs";

function cspDirectives(csp: string): Map<string, string> {
  return new Map(
    csp
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...rest] = d.split(/\s+/);
        return [name, rest.join(" ")] as const;
      }),
  );
}

describe("signInOrigins", () => {
  const azure = { AZURE_TENANT_ID: "t", AZURE_CLIENT_ID: "c", AZURE_CLIENT_SECRET: "s", AZURE_REDIRECT_URI: "https://hub.example/auth/azure/callback" };
  it("names the identity provider's origin only in Azure mode", () => {
    expect(signInOrigins({})).toEqual([]);
    expect(signInOrigins({ ...azure, AZURE_CLIENT_SECRET: "" })).toEqual([]);
    expect(signInOrigins(azure)).toEqual(["https://login.microsoftonline.com"]);
    expect(signInOrigins({ ...azure, AZURE_AUTHORITY: "http://127.0.0.1:4567/tenant/v2.0" })).toEqual(["http://127.0.0.1:4567"]);
  });
});

describe("securityHeaders", () => {
  const headers = securityHeaders("abc123NONCE==");
  const csp = cspDirectives(headers["Content-Security-Policy"]);

  it("allows scripts only from self and with the request's nonce", () => {
    expect(csp.get("script-src")).toBe("'self' 'nonce-abc123NONCE=='");
    expect(csp.get("script-src")).not.toContain("unsafe-inline");
    expect(csp.get("script-src")).not.toContain("unsafe-eval");
  });

  it("puts a different nonce into the CSP of another request", () => {
    const other = cspDirectives(securityHeaders("zzz")["Content-Security-Policy"]);
    expect(other.get("script-src")).toBe("'self' 'nonce-zzz'");
  });

  it("forbids framing, plugins and foreign form targets", () => {
    expect(csp.get("frame-ancestors")).toBe("'none'");
    expect(csp.get("object-src")).toBe("'none'");
    expect(csp.get("form-action")).toBe("'self'");
    expect(csp.get("default-src")).toBe("'self'");
    expect(csp.get("base-uri")).toBe("'self'");
    expect(headers["X-Frame-Options"]).toBe("DENY");
  });

  it("sets nosniff and a Referrer-Policy", () => {
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
  });
});

describe("isCrossSiteRequest", () => {
  const base = { host: "servicehub.example", protocol: "https" };

  it("never blocks GET, HEAD or OPTIONS, whatever the headers say", () => {
    for (const method of ["GET", "get", "HEAD", "OPTIONS"]) {
      expect(isCrossSiteRequest({ ...base, method, origin: "https://evil.example", secFetchSite: "cross-site" })).toBe(false);
    }
  });

  it("blocks a POST whose Origin is another host", () => {
    expect(isCrossSiteRequest({ ...base, method: "POST", origin: "https://evil.example" })).toBe(true);
    expect(isCrossSiteRequest({ ...base, method: "post", origin: "https://evil.example" })).toBe(true);
    // Another port is another origin.
    expect(isCrossSiteRequest({ ...base, method: "POST", origin: "https://servicehub.example:8443" })).toBe(true);
    // A sub-domain is another host, too.
    expect(isCrossSiteRequest({ ...base, method: "POST", origin: "https://evil.servicehub.example" })).toBe(true);
  });

  it("lets a POST with an Origin of the same host pass", () => {
    expect(isCrossSiteRequest({ ...base, method: "POST", origin: "https://servicehub.example" })).toBe(false);
    expect(isCrossSiteRequest({ host: "localhost:3000", protocol: "http", method: "POST", origin: "http://localhost:3000" })).toBe(false);
  });

  it("blocks Origin 'null' (sandboxed frames, data: URLs) and unparsable origins", () => {
    expect(isCrossSiteRequest({ ...base, method: "POST", origin: "null" })).toBe(true);
    expect(isCrossSiteRequest({ ...base, method: "POST", origin: "not a url" })).toBe(true);
  });

  it("uses Sec-Fetch-Site: cross-site and same-site are blocked; same-origin and none pass", () => {
    expect(isCrossSiteRequest({ ...base, method: "POST", secFetchSite: "cross-site" })).toBe(true);
    expect(isCrossSiteRequest({ ...base, method: "POST", secFetchSite: "same-site" })).toBe(true);
    expect(isCrossSiteRequest({ ...base, method: "POST", secFetchSite: "same-origin" })).toBe(false);
    expect(isCrossSiteRequest({ ...base, method: "POST", secFetchSite: "none" })).toBe(false);
  });

  it("blocks when Sec-Fetch-Site says cross-site even if the Origin looks like ours", () => {
    expect(
      isCrossSiteRequest({ ...base, method: "POST", secFetchSite: "cross-site", origin: "https://servicehub.example" }),
    ).toBe(true);
  });

  it("blocks a foreign Origin even when Sec-Fetch-Site claims same-origin", () => {
    expect(isCrossSiteRequest({ ...base, method: "POST", secFetchSite: "same-origin", origin: "https://evil.example" })).toBe(true);
  });

  it("lets a request without Origin and Sec-Fetch-Site pass (curl, server-to-server)", () => {
    expect(isCrossSiteRequest({ ...base, method: "POST" })).toBe(false);
    expect(isCrossSiteRequest({ ...base, method: "DELETE", origin: null, secFetchSite: null })).toBe(false);
    expect(isCrossSiteRequest({ ...base, method: "PUT", origin: undefined, secFetchSite: undefined })).toBe(false);
  });

  it("checks every state-changing method, not only POST", () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      expect(isCrossSiteRequest({ ...base, method, origin: "https://evil.example" })).toBe(true);
    }
  });
});
