import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { redirect } from "@remix-run/node";
import { safeRedirectPath } from "~/lib/safe-path";
import { returnPath } from "~/server/return-to.server";
import { isLegacyDataRequest, startupProblems } from "../../../server/security.mjs";

const production = { NODE_ENV: "production" as const, APP_URL: "https://servicehub.example.com" };

describe("start-up: SESSION_SECRET (issue 31 §7)", () => {
  it("is required in production, with a message that says what to set", () => {
    const problems: string[] = startupProblems({ ...production });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^SESSION_SECRET is not set: in production it must be a long random value/);
    expect(startupProblems({ ...production, SESSION_SECRET: "" })).toHaveLength(1);
  });

  it("refuses the published development and example values, and one too short to be read at all", () => {
    expect(startupProblems({ ...production, SESSION_SECRET: "servicehub-dev-secret-change-me" })[0]).toMatch(/published example value/);
    expect(startupProblems({ ...production, SESSION_SECRET: "change-me-to-a-long-random-string" })[0]).toMatch(/published example value/);
    expect(startupProblems({ SESSION_SECRET: "short" })[0]).toMatch(/too short/);
  });

  it("lets production start with a secret of its own, and a local start (no NODE_ENV, `npm run demo`) without one", () => {
    expect(startupProblems({ ...production, SESSION_SECRET: "0123456789abcdef0123456789abcdef" })).toEqual([]);
    expect(startupProblems({})).toEqual([]);
  });

  it("server.mjs exits with the message instead of serving", () => {
    const env = { PATH: process.env.PATH, ...production, PORT: "1", HOST: "127.0.0.1", BUILD_DIR: "/nonexistent" };
    const run = spawnSync(process.execPath, ["server.mjs"], { env, encoding: "utf8", timeout: 30_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("SESSION_SECRET is not set");
  });
});

describe("old-style data requests (issue 31 §8)", () => {
  it("are recognised by their _data parameter, however it is written", () => {
    expect(isLegacyDataRequest("/login?_data=routes%2F_auth.login")).toBe(true);
    expect(isLegacyDataRequest("/servicecatalog/service/1?index&_data=")).toBe(true);
    expect(isLegacyDataRequest("/language?%5Fdata=root")).toBe(true);
    expect(isLegacyDataRequest("/dashboard")).toBe(false);
    expect(isLegacyDataRequest("/dashboard.data")).toBe(false);
    expect(isLegacyDataRequest("/servicecatalog?q=_data")).toBe(false);
  });
});

describe("return paths a Location header can carry (issue 31 §8)", () => {
  it.each([
    ["/\u3002evil", "/%E3%80%82evil"],
    ["/\u00e9t\u00e9", "/%C3%A9t%C3%A9"],
    ["/servicecatalog?q=Gr\u00fc\u00dfe#\u00fc", "/servicecatalog?q=Gr%C3%BC%C3%9Fe#%C3%BC"],
    ["/x\uD800y", "/x%EF%BF%BDy"],
  ])("%j becomes the same path percent-encoded", (to, encoded) => {
    expect(safeRedirectPath(to)).toBe(encoded);
    // What answered 500 before: Headers refuse a character above U+00FF.
    expect(redirect(safeRedirectPath(to)).headers.get("Location")).toBe(encoded);
  });

  it("the same for a redirectTo in the query", () => {
    const request = new Request("http://servicehub.test/prefs/sidebar?redirectTo=%2F%E3%80%82evil");
    expect(returnPath(request, "/dashboard")).toBe("/%E3%80%82evil");
  });

  it("a Location is only ever ASCII", () => {
    for (const to of ["/\u00ff", "/\u{1F600}", "/a b", "/\u202Ex"]) expect(safeRedirectPath(to)).toMatch(/^[\x21-\x7e]+$/);
  });
});
