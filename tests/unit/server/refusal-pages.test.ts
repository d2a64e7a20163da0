import { describe, expect, it } from "vitest";
import { REFUSAL_PAGE_HEADER as APP_HEADER, askedRefusal, refusal } from "~/server/refusal.server";
import { REFUSAL_PAGE_HEADER, isBrowserNavigation, pagesOnly, wantsRefusalPage, withRefusalPages } from "../../../server/refusal-pages.mjs";

const URL_ = "http://hub.test/servicecatalog/service/1/export.docx";
const navigation = { "sec-fetch-mode": "navigate", "sec-fetch-dest": "document", accept: "text/html,application/xhtml+xml" };
const get = (headers: Record<string, string>, url = URL_) => new Request(url, { headers });
const html = (status: number) => new Response("<html>page</html>", { status, headers: { "Content-Type": "text/html; charset=utf-8" } });

describe("isBrowserNavigation", () => {
  it("is a top-level document request, told by Sec-Fetch-* or, over plain http, by Accept", () => {
    expect(isBrowserNavigation(new Headers(navigation))).toBe(true);
    expect(isBrowserNavigation(new Headers({ accept: "text/html,*/*" }))).toBe(true);
    expect(isBrowserNavigation(new Headers({ "sec-fetch-mode": "cors", "sec-fetch-dest": "empty", accept: "text/html" }))).toBe(false);
    expect(isBrowserNavigation(new Headers({ "sec-fetch-mode": "navigate", "sec-fetch-dest": "iframe" }))).toBe(false);
    expect(isBrowserNavigation(new Headers({ accept: "*/*" }))).toBe(false);
  });
});

describe("wantsRefusalPage", () => {
  it("asks for a page for a browser's GET refused with our bare answer or the framework's 405", () => {
    for (const status of [403, 404, 405] as const) expect(wantsRefusalPage(get(navigation), refusal(status))).toBe(true);
    const framework405 = Response.json({ message: "Method Not Allowed" }, { status: 405, headers: { "X-Remix-Error": "yes" } });
    expect(wantsRefusalPage(get(navigation), framework405)).toBe(true);
  });

  it("keeps scripts', APIs' and forms' answers, pages and other statuses as they are", () => {
    expect(wantsRefusalPage(get({ accept: "*/*" }), refusal(403))).toBe(false);
    expect(wantsRefusalPage(get(navigation, "http://hub.test/api/services/9"), refusal(404))).toBe(false);
    expect(wantsRefusalPage(get(navigation), Response.json({ error: "x" }, { status: 404 }))).toBe(false);
    expect(wantsRefusalPage(get(navigation), html(404))).toBe(false);
    expect(wantsRefusalPage(get(navigation), new Response("Bad Request", { status: 400 }))).toBe(false);
    expect(wantsRefusalPage(new Request(URL_, { method: "POST", headers: navigation }), refusal(403))).toBe(false);
  });
});

describe("pagesOnly", () => {
  it("leaves out the routes that render nothing", () => {
    const build = {
      future: {},
      routes: { root: { module: { default: () => null } }, download: { module: { loader: () => null } }, boundary: { module: { ErrorBoundary: () => null } } },
      assets: { version: "1", routes: { root: {}, download: {}, boundary: {} } },
    };
    const pages = pagesOnly(build);
    expect([Object.keys(pages.routes), Object.keys(pages.assets.routes), pages.assets.version]).toEqual([["root", "boundary"], ["root", "boundary"], "1"]);
    expect(pages.future).toBe(build.future);
  });
});

describe("withRefusalPages", () => {
  it("answers with the page routes' rendering of the same refusal, status and Allow kept", async () => {
    let asked: string | null = null;
    const handle = withRefusalPages(
      async () => refusal(405, { allow: "GET, HEAD" }),
      async (request) => {
        asked = request.headers.get(REFUSAL_PAGE_HEADER);
        expect(askedRefusal(request)).toBe(405);
        expect(request.url).toBe(URL_);
        return html(405);
      },
    );
    const answer = await handle(get(navigation));
    expect(asked).toBe("405");
    expect([answer.status, answer.headers.get("allow"), await answer.text()]).toEqual([405, "GET, HEAD", "<html>page</html>"]);
  });

  it("keeps the bare answer when the page routes answer otherwise (signed out: to /login)", async () => {
    const handle = withRefusalPages(
      async () => refusal(404),
      async () => new Response(null, { status: 302, headers: { Location: "/login" } }),
    );
    const answer = await handle(get(navigation));
    expect([answer.status, await answer.text()]).toEqual([404, "Not Found"]);
  });

  it("uses the header name the app reads", () => {
    expect(REFUSAL_PAGE_HEADER).toBe(APP_HEADER);
    expect(askedRefusal(new Request(URL_, { headers: { [APP_HEADER]: "500" } }))).toBeNull();
  });
});
