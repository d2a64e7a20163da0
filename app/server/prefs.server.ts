import { z } from "zod";
import { prefsCookie, serializeCookie } from "~/server/cookies.server";

/*
 * The side-menu preferences cookie: its shape lives here, below the UI, so the server reads it
 * without importing UI code; the shell and the settings page name the types with `import type`.
 */

/** Side-menu settings of spec 01 §2; both default on. */
export const subviewsSchema = z.object({
  areas: z.boolean().default(true),
  categories: z.boolean().default(true),
  services: z.boolean().default(true),
});
export type Subviews = z.infer<typeof subviewsSchema>;

export const sidebarPrefsSchema = z.object({
  showWholeDrawer: z.boolean().default(true),
  expandOnHover: z.boolean().default(true),
  /** The catalogue browser's three sub-view switches (spec 01 §2), all on by default. */
  subviews: subviewsSchema.default({ areas: true, categories: true, services: true }),
});
export type SidebarPrefs = z.infer<typeof sidebarPrefsSchema>;

export const DEFAULT_SIDEBAR_PREFS: SidebarPrefs = {
  showWholeDrawer: true,
  expandOnHover: true,
  subviews: { areas: true, categories: true, services: true },
};

export function parseSidebarPrefs(raw: unknown): SidebarPrefs {
  const parsed = sidebarPrefsSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : { ...DEFAULT_SIDEBAR_PREFS, subviews: { ...DEFAULT_SIDEBAR_PREFS.subviews } };
}

export async function readSidebarPrefs(request: Request): Promise<SidebarPrefs> {
  return parseSidebarPrefs(await prefsCookie.parse(request.headers.get("Cookie")));
}

export function writeSidebarPrefs(request: Request, prefs: SidebarPrefs): Promise<string> {
  return serializeCookie(prefsCookie, request, prefs);
}
