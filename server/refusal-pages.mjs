// @ts-check
// Refusal pages for resource routes (docs/decisions/0053-refusal-pages.md). Plain JS so the
// production server can load it without a build step; unit-tested in
// tests/unit/server/refusal-pages.test.ts.
//
// A resource route (a download such as /servicecatalog/service/1/export.docx) cannot render a
// page: Remix sends whatever it throws as it is, so a browser showed a bare "Forbidden". The
// server asks the page routes for the same address once more, and the signed-in shell's catch-all
// page draws the refusal with the same status.

/** Same name as REFUSAL_PAGE_HEADER in app/server/refusal.server.ts; never taken from a client. */
export const REFUSAL_PAGE_HEADER = "x-servicehub-refusal";

const PAGE_STATUSES = new Set([403, 404, 405]);

/**
 * A person's browser opening an address — not a script, a fetch or an image. Browsers send
 * Sec-Fetch-* only to secure origins (https, localhost); over plain http the Accept header tells.
 * @param {Headers} headers
 */
export function isBrowserNavigation(headers) {
  const mode = headers.get("sec-fetch-mode");
  if (mode) return mode === "navigate" && (headers.get("sec-fetch-dest") ?? "document") === "document";
  return /\btext\/html\b/.test(headers.get("accept") ?? "");
}

/**
 * A browser's GET refused with a bare answer: our refusal's text, or the framework's own JSON
 * error (405 for an address that only takes forms). An API keeps its JSON: programs read it.
 * @param {Request} request
 * @param {Response} response
 */
export function wantsRefusalPage(request, response) {
  if (request.method !== "GET" || !PAGE_STATUSES.has(response.status)) return false;
  if (new URL(request.url).pathname.startsWith("/api/") || !isBrowserNavigation(request.headers)) return false;
  return (response.headers.get("content-type") ?? "").startsWith("text/plain") || response.headers.get("x-remix-error") === "yes";
}

/**
 * The build without resource routes (in its routes and in the manifest the page renders from):
 * an address no page claims then reaches the signed-in shell's catch-all page.
 * @template {{ routes: Record<string, { module: Record<string, unknown> }>, assets: { routes: Record<string, unknown> } }} B
 * @param {B} build
 * @returns {B}
 */
export function pagesOnly(build) {
  const routes = Object.fromEntries(Object.entries(build.routes).filter(([, route]) => route.module.default != null || route.module.ErrorBoundary != null));
  const manifest = Object.fromEntries(Object.entries(build.assets.routes).filter(([id]) => id in routes));
  return { ...build, routes, assets: { ...build.assets, routes: manifest } };
}

/**
 * @typedef {(request: Request, loadContext?: any) => Promise<Response>} Handler
 */

/**
 * Wraps the Remix handler: a bare refusal of a browser's GET is asked again of the page routes
 * alone (`pagesOnly`), with the status in REFUSAL_PAGE_HEADER. That answer replaces the bare one
 * only when it is the same refusal as an HTML page; signed out it is a redirect to /login, and
 * the original answer stands. The status never changes.
 * @param {Handler} handle  the app's handler
 * @param {Handler} handlePages  the same app built from `pagesOnly(build)`
 * @returns {Handler}
 */
export function withRefusalPages(handle, handlePages) {
  return async (request, loadContext) => {
    const response = await handle(request, loadContext);
    if (!wantsRefusalPage(request, response)) return response;
    const headers = new Headers(request.headers);
    headers.set(REFUSAL_PAGE_HEADER, String(response.status));
    const page = await handlePages(new Request(request.url, { headers, signal: request.signal }), loadContext);
    if (page.status !== response.status || !(page.headers.get("content-type") ?? "").startsWith("text/html")) {
      await page.body?.cancel();
      return response;
    }
    await response.body?.cancel();
    const allow = response.headers.get("allow");
    if (allow) page.headers.set("Allow", allow);
    return page;
  };
}
