import { nowIso } from "~/lib/time";
import { recordActivity, type Causer, type Executor } from "./audit.server";

export const SETTING_KEYS = { appBar: "app_bar", exportActive: "export_active", localLogin: "local_login" } as const;

export async function getSetting(db: Executor, key: string): Promise<unknown> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
  if (!row) return undefined;
  try {
    return JSON.parse(row.value);
  } catch {
    return undefined;
  }
}

export async function putSetting(db: Executor, key: string, value: unknown, causer: Causer | null) {
  const old = await getSetting(db, key);
  const json = JSON.stringify(value);
  await db
    .insertInto("settings")
    .values({ key, value: json, updated_at: nowIso() })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updated_at: nowIso() }))
    .execute();
  await recordActivity(db, { subjectType: "setting", subjectId: key, event: "updated", causer, oldValues: { value: old }, newValues: { value } });
}

/**
 * Whether the licence allows the Word export at all (spec 02 §6). Unset, or anything but a stored
 * `false`, counts as allowed: a fresh installation exports (docs/decisions/0019-export-licence-flag.md).
 */
export async function getExportActive(db: Executor): Promise<boolean> {
  return (await getSetting(db, SETTING_KEYS.exportActive)) !== false;
}

/**
 * Whether local accounts may sign in with a password in Azure mode (issue 14). On unless a
 * superadmin switched it off; superadmins always may, so a failing identity provider never locks
 * the organisation out.
 */
export async function getLocalLoginEnabled(db: Executor): Promise<boolean> {
  return (await getSetting(db, SETTING_KEYS.localLogin)) !== false;
}
