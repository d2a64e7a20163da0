import { z } from "zod";

/** Side-menu settings of spec 01 §2; both default on. */
export const sidebarPrefsSchema = z.object({
  showWholeDrawer: z.boolean().default(true),
  expandOnHover: z.boolean().default(true),
});
export type SidebarPrefs = z.infer<typeof sidebarPrefsSchema>;

export const DEFAULT_SIDEBAR_PREFS: SidebarPrefs = { showWholeDrawer: true, expandOnHover: true };

export function parseSidebarPrefs(raw: unknown): SidebarPrefs {
  const parsed = sidebarPrefsSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : { ...DEFAULT_SIDEBAR_PREFS };
}
