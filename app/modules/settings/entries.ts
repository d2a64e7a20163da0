import { roleHasPermission } from "~/modules/access/policy";
import type { RoleInput } from "~/modules/access/roles";

/**
 * The entries of the settings dialog (spec 01 §2) in their order, and who sees them. Each entry
 * is a route under /settings (a page without JS); the dialog over the current page (JS) loads the
 * same route's data. Admin entries need the admin guard (superadmin, keysuperuser; spec 01 §6).
 */
export const SETTINGS_ENTRIES = [
  { key: "sidebar", visibleTo: "all" },
  { key: "tom", visibleTo: "all" },
  { key: "servicearea", visibleTo: "admin" },
  { key: "logo", visibleTo: "admin" },
  { key: "organization", visibleTo: "admin" },
  { key: "headlines", visibleTo: "admin" },
  { key: "factory", visibleTo: "admin" },
  { key: "api-key", visibleTo: "admin" },
  { key: "export-licence", visibleTo: "admin" },
  { key: "contract", visibleTo: "admin" },
  { key: "password", visibleTo: "localPassword" },
  { key: "sessions", visibleTo: "all" },
  { key: "notifications", visibleTo: "all" },
] as const;

export type SettingsEntryKey = (typeof SETTINGS_ENTRIES)[number]["key"];

export const entryPath = (key: SettingsEntryKey) => `/settings/${key}`;

/** The entries this user sees; `canChangePassword` is false for SSO accounts and in Azure mode. */
export function visibleEntries(user: RoleInput, canChangePassword: boolean): SettingsEntryKey[] {
  const admin = roleHasPermission(user, "access:admin");
  return SETTINGS_ENTRIES.filter((entry) => entry.visibleTo === "all" || (entry.visibleTo === "admin" ? admin : canChangePassword)).map((entry) => entry.key);
}

/** The entry to show: the wanted one if visible, else the first visible (spec 01 §2 for the contract entry). */
export function entryToShow(wanted: string | null | undefined, visible: readonly SettingsEntryKey[]): SettingsEntryKey {
  return visible.find((key) => key === wanted) ?? visible[0] ?? "sidebar";
}

/** The entry a /settings path names, if any. */
export function entryOfPath(pathname: string): SettingsEntryKey | null {
  const key = pathname.split("/")[2];
  return SETTINGS_ENTRIES.find((entry) => entry.key === key)?.key ?? null;
}
