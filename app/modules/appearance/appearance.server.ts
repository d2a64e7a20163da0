import crypto from "node:crypto";
import { isServiceAreaActive } from "~/modules/catalogue/catalogue.server";
import { recordActivity, type Causer, type Executor } from "~/server/audit.server";
import { inTransaction } from "~/server/db-helpers.server";
import { ValidationError } from "~/server/errors.server";
import { sniffImageMime } from "~/server/image-type";
import { SETTING_KEYS, getSetting, putSetting } from "~/server/settings.server";
import { nowIso } from "~/lib/time";
import { normaliseAppBar, type AppBarSettings } from "./app-bar";
import { getAppBarSettings, getLogoVersion } from "./shell-look.server";
import { LOGO_MAX_BYTES, clampDegree, normaliseColour, normaliseLoginForm, roundOpacity, type LoginFormSettings } from "./appearance";

/**
 * The appearance model (issue 15 §4, §5): logo, login-form and app-bar settings, all global rows
 * of the `settings` table, and the service-area switch (`service_area_config` id 1). Every change
 * is an activity with the old and the new values.
 */

export const APPEARANCE_KEYS = { logo: "logo", loginForm: "login_form", appBar: SETTING_KEYS.appBar } as const;

export { isServiceAreaActive };
export { getAppBarSettings, getLogoVersion };


export async function getLoginFormSettings(db: Executor): Promise<LoginFormSettings> {
  return normaliseLoginForm(await getSetting(db, APPEARANCE_KEYS.loginForm));
}

/** Clamps, rounds and turns colours the spec does not accept into black; then stores (and audits). */
export async function saveAppBarSettings(db: Executor, input: Partial<Record<keyof AppBarSettings, unknown>>, causer: Causer | null): Promise<AppBarSettings> {
  const s = normaliseAppBar(input);
  const value: AppBarSettings = {
    appBarColor1: normaliseColour(s.appBarColor1),
    appBarColor2: normaliseColour(s.appBarColor2),
    appBarGradientDegree: clampDegree(s.appBarGradientDegree),
    appBarOpacity1: roundOpacity(s.appBarOpacity1),
    appBarOpacity2: roundOpacity(s.appBarOpacity2),
  };
  await saveIfChanged(db, APPEARANCE_KEYS.appBar, value, causer);
  return value;
}

/** The same for the login form; a missing degree (radial gradient) keeps the stored one. */
export async function saveLoginFormSettings(db: Executor, input: Partial<Record<keyof LoginFormSettings, unknown>>, causer: Causer | null): Promise<LoginFormSettings> {
  return inTransaction(db, async (trx) => {
    const stored = await getLoginFormSettings(trx);
    const s = normaliseLoginForm({ ...input, gradientDegree: input.gradientDegree ?? stored.gradientDegree });
    const value: LoginFormSettings = {
      ...s,
      leftPartBgColor: normaliseColour(s.leftPartBgColor),
      gradientColor1: normaliseColour(s.gradientColor1),
      gradientColor2: normaliseColour(s.gradientColor2),
    };
    await saveIfChanged(trx, APPEARANCE_KEYS.loginForm, value, causer);
    return value;
  });
}

/** An autosave after every pause would log the same values again and again: only a change is written. */
async function saveIfChanged(db: Executor, key: string, value: object, causer: Causer | null) {
  if (JSON.stringify(await getSetting(db, key)) === JSON.stringify(value)) return;
  await putSetting(db, key, value, causer);
}

export type LogoMime = "image/jpeg" | "image/png";

export interface StoredLogo {
  mime: LogoMime;
  /** base64 (spec 02 §3: "Logo: base64 image"). */
  data: string;
  sha256: string;
  bytes: number;
}

/** What the audit trail keeps of a logo: never the image itself (up to 1 MB per activity). */
function logoSummary(logo: StoredLogo | null) {
  return logo ? { mime: logo.mime, bytes: logo.bytes, sha256: logo.sha256 } : null;
}

function readLogo(value: unknown): StoredLogo | null {
  const v = value as Partial<StoredLogo> | null | undefined;
  if (!v || typeof v.data !== "string" || (v.mime !== "image/jpeg" && v.mime !== "image/png")) return null;
  return { mime: v.mime, data: v.data, sha256: String(v.sha256 ?? ""), bytes: Number(v.bytes ?? 0) };
}

export async function getLogo(db: Executor): Promise<(StoredLogo & { updatedAt: string }) | null> {
  const row = await db.selectFrom("settings").select(["value", "updated_at"]).where("key", "=", APPEARANCE_KEYS.logo).executeTakeFirst();
  if (!row) return null;
  let logo: StoredLogo | null = null;
  try {
    logo = readLogo(JSON.parse(row.value));
  } catch {
    logo = null;
  }
  return logo ? { ...logo, updatedAt: row.updated_at } : null;
}


/**
 * Checks uploaded bytes: not empty, at most LOGO_MAX_BYTES, and a JPEG or PNG by their content
 * (the file name and the type the browser claims do not count).
 */
export function checkLogo(bytes: Uint8Array): LogoMime {
  if (bytes.length === 0) throw new ValidationError({ logo: "appearance.errors.logoRequired" });
  if (bytes.length > LOGO_MAX_BYTES) throw new ValidationError({ logo: "appearance.errors.logoTooLarge" });
  const mime = sniffImageMime(bytes);
  if (mime !== "image/jpeg" && mime !== "image/png") throw new ValidationError({ logo: "appearance.errors.logoType" });
  return mime;
}

export async function saveLogo(db: Executor, bytes: Uint8Array, causer: Causer | null): Promise<StoredLogo> {
  const mime = checkLogo(bytes);
  const buffer = Buffer.from(bytes);
  const logo: StoredLogo = { mime, data: buffer.toString("base64"), sha256: crypto.createHash("sha256").update(buffer).digest("hex"), bytes: buffer.length };
  await inTransaction(db, async (trx) => {
    const old = await getLogo(trx);
    const json = JSON.stringify(logo);
    await trx
      .insertInto("settings")
      .values({ key: APPEARANCE_KEYS.logo, value: json, updated_at: nowIso() })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updated_at: nowIso() }))
      .execute();
    await recordActivity(trx, { subjectType: "setting", subjectId: APPEARANCE_KEYS.logo, event: "updated", causer, oldValues: { value: logoSummary(old) }, newValues: { value: logoSummary(logo) } });
  });
  return logo;
}

/** Removes the logo (the app name and icon show again); false when there was none. */
export async function removeLogo(db: Executor, causer: Causer | null): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const old = await getLogo(trx);
    const { numDeletedRows } = await trx.deleteFrom("settings").where("key", "=", APPEARANCE_KEYS.logo).executeTakeFirst();
    if (Number(numDeletedRows) === 0) return false;
    await recordActivity(trx, { subjectType: "setting", subjectId: APPEARANCE_KEYS.logo, event: "deleted", causer, oldValues: { value: logoSummary(old) }, newValues: { value: null } });
    return true;
  });
}

/** Switches the area level (spec 02 §3 "Area config: single record id 1 with active"); false when nothing changed. */
export async function setServiceAreaActive(db: Executor, active: boolean, causer: Causer | null): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const before = await isServiceAreaActive(trx);
    if (before === active) return false;
    const flag = active ? 1 : 0;
    await trx
      .insertInto("service_area_config")
      .values({ id: 1, active: flag })
      .onConflict((oc) => oc.column("id").doUpdateSet({ active: flag }))
      .execute();
    await recordActivity(trx, { subjectType: "service_area_config", subjectId: 1, event: "updated", causer, oldValues: { active: before }, newValues: { active } });
    return true;
  });
}
