import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { serializeCookie } from "~/server/cookies.server";
import { BROWSER_VIEWS, type BrowserView } from "./catalogue-query";

// Session cookies (no max-age): spec 01 §2 remembers the view mode for the session only.
const viewCookie = createCookie("sh_view", { path: "/", httpOnly: true, sameSite: "lax" });
const lastVisitedCookie = createCookie("sh_last", { path: "/", httpOnly: true, sameSite: "lax" });

const lastVisitedSchema = z.object({
  service: z.number().int().optional(),
  category: z.number().int().optional(),
  area: z.number().int().optional(),
});
export type LastVisited = z.infer<typeof lastVisitedSchema>;

export async function readView(request: Request): Promise<BrowserView | null> {
  const value = await viewCookie.parse(request.headers.get("Cookie"));
  return (BROWSER_VIEWS as readonly number[]).includes(value) ? (value as BrowserView) : null;
}

export function writeView(request: Request, view: BrowserView) {
  return serializeCookie(viewCookie, request, view);
}

export async function readLastVisited(request: Request): Promise<LastVisited> {
  const parsed = lastVisitedSchema.safeParse(await lastVisitedCookie.parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : {};
}

/** Remembers the last opened service/category/area page for view modes 4/5/6. */
export async function writeLastVisited(request: Request, kind: keyof LastVisited, id: number) {
  const current = await readLastVisited(request);
  return serializeCookie(lastVisitedCookie, request, { ...current, [kind]: id });
}
