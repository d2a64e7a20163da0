/**
 * The one way a loader or action refuses with 403, 404 or 405 (issue 32 §6, issue 33 §2;
 * docs/decisions/0053-refusal-pages.md): `throw refusal(404)`. The answer's status is what scripts
 * and the route matrix see; a person sees the app's own translated page inside the signed-in shell —
 * pages through the `_app` error boundary, resource routes (downloads) through the server, which
 * asks the catch-all page to render the refusal (`REFUSAL_PAGE_HEADER`).
 */
// 410, 413 and 429: a share link that was revoked or expired, a Word export too large for a visitor, and too many requests through share links.
const REASONS = { 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 410: "Gone", 413: "Content Too Large", 429: "Too Many Requests" } as const;

export type RefusalStatus = keyof typeof REASONS;

export function refusal(status: RefusalStatus, init: { allow?: string; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers);
  if (init.allow) headers.set("Allow", init.allow);
  return new Response(REASONS[status], { status, statusText: REASONS[status], headers });
}

/**
 * Set by server.mjs (server/refusal-pages.mjs, same name) on its second pass of a browser's GET
 * that a resource route refused; a client's own header of this name is removed before routing.
 */
export const REFUSAL_PAGE_HEADER = "x-servicehub-refusal";

/** The refusal the server asks the catch-all page to show, if any. */
export function askedRefusal(request: Request): 403 | 404 | 405 | null {
  const status = Number(request.headers.get(REFUSAL_PAGE_HEADER));
  return status === 403 || status === 404 || status === 405 ? status : null;
}
