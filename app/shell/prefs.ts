import { z } from "zod";

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
