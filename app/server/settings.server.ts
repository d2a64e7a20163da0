import { normaliseAppBar, type AppBarSettings } from "~/ui/shell/app-bar";
import { nowIso } from "~/lib/time";
import { recordActivity, type Causer, type Executor } from "./audit.server";

export const SETTING_KEYS = { appBar: "app_bar" } as const;

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

export async function getAppBarSettings(db: Executor): Promise<AppBarSettings> {
  return normaliseAppBar(await getSetting(db, SETTING_KEYS.appBar));
}
