import type { Executor } from "~/server/audit.server";
import { SETTING_KEYS, getSetting } from "~/server/settings.server";
import { normaliseAppBar, type AppBarSettings } from "./app-bar";

/**
 * What every signed-in page reads of the appearance: the app bar and the logo's version. Apart from
 * appearance.server.ts, whose logo checks name the appearance page's texts: the shell's code (and
 * so every page) then needs no appearance texts in the browser (decision 0083).
 */

/** The app bar as stored, normalised: anything unusable falls back to the defaults. */
export async function getAppBarSettings(db: Executor): Promise<AppBarSettings> {
  return normaliseAppBar(await getSetting(db, SETTING_KEYS.appBar));
}

/** The logo's version for its URL (`/logo?v=…`) without reading the image: null when there is none. */
export async function getLogoVersion(db: Executor): Promise<string | null> {
  const row = await db.selectFrom("settings").select("updated_at").where("key", "=", "logo").executeTakeFirst();
  return row?.updated_at ?? null;
}
