import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  APPEARANCE_KEYS,
  checkLogo,
  getAppBarSettings,
  getLoginFormSettings,
  getLogo,
  getLogoVersion,
  isServiceAreaActive,
  removeLogo,
  saveAppBarSettings,
  saveLoginFormSettings,
  saveLogo,
  setServiceAreaActive,
} from "~/modules/appearance/appearance.server";
import { DEFAULT_LOGIN_FORM, LOGO_MAX_BYTES, appBarContrast, loginFormStyle, normaliseColour } from "~/modules/appearance/appearance";
import { AppBarSchema, LoginFormSchema } from "~/modules/appearance/appearance-schema";
import { listActivitiesFor } from "~/server/audit.server";
import { ValidationError } from "~/server/errors.server";
import { DEFAULT_APP_BAR, appBarStyle } from "~/modules/appearance/app-bar";
import { factories } from "../../factories";
import { rejection } from "../../support/rejection";
import { useTestDb } from "../../support/test-db";

/** A valid 1×1 PNG, a GIF header and a JPEG header: the content decides, never the name. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const GIF = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1");
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);

const t = useTestDb();
let causer: { id: number; name: string };

beforeAll(async () => {
  const admin = await factories(t.db).user("superadmin", { name: "Appearance Admin", email: "admin@appearance.test" });
  causer = { id: admin.id, name: "Appearance Admin" };
});

const logoError = async (bytes: Uint8Array) => {
  const error = await rejection(saveLogo(t.db, bytes, causer));
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).errors.logo;
};

describe("app-bar settings", () => {
  beforeEach(async () => {
    await t.db.deleteFrom("settings").where("key", "=", APPEARANCE_KEYS.appBar).execute();
  });

  it("are white, 135° and opaque until saved", async () => {
    expect(await getAppBarSettings(t.db)).toEqual(DEFAULT_APP_BAR);
  });

  it("are saved normalised: hex tidied, bad hex black, degree and opacities clamped and rounded", async () => {
    const saved = await saveAppBarSettings(t.db, { appBarColor1: " #1A237E ", appBarColor2: "#12345", appBarGradientDegree: 400, appBarOpacity1: -1, appBarOpacity2: 0.456 }, causer);
    expect(saved).toEqual({ appBarColor1: "#1a237e", appBarColor2: "#000000", appBarGradientDegree: 360, appBarOpacity1: 0, appBarOpacity2: 0.46 });
    expect(await getAppBarSettings(t.db)).toEqual(saved);
    expect(appBarStyle(saved).color).toBe("#ffffff");
  });

  it("record an activity with the old and the new values, and none when nothing changed", async () => {
    const before = (await listActivitiesFor(t.db, "setting", APPEARANCE_KEYS.appBar)).length;
    const first = { appBarColor1: "#fff", appBarColor2: "#000", appBarGradientDegree: 90, appBarOpacity1: 1, appBarOpacity2: 0.5 };
    await saveAppBarSettings(t.db, first, causer);
    await saveAppBarSettings(t.db, { ...first, appBarGradientDegree: 45 }, causer);
    await saveAppBarSettings(t.db, { ...first, appBarGradientDegree: 45 }, causer);
    const activities = await listActivitiesFor(t.db, "setting", APPEARANCE_KEYS.appBar);
    expect(activities).toHaveLength(before + 2);
    const latest = activities[0];
    expect(latest).toMatchObject({ event: "updated", causer_id: causer.id });
    expect(JSON.parse(latest.old_values as string).value.appBarGradientDegree).toBe(90);
    expect(JSON.parse(latest.new_values as string).value.appBarGradientDegree).toBe(45);
  });

  it("form refuses a degree or an opacity outside its range, beside the field", () => {
    const form = (values: Record<string, string>) => {
      const data = new FormData();
      for (const [k, v] of Object.entries({ intent: "appBar", appBarColor1: "#fff", appBarColor2: "#000", appBarGradientDegree: "90", appBarOpacity1: "1", appBarOpacity2: "1", ...values })) data.set(k, v);
      return parseWithZod(data, { schema: AppBarSchema }).reply();
    };
    expect(form({}).status).toBe("success");
    expect(form({ appBarGradientDegree: "361" }).error).toMatchObject({ appBarGradientDegree: ["appearance.errors.degree"] });
    expect(form({ appBarGradientDegree: "12.5" }).error).toMatchObject({ appBarGradientDegree: ["appearance.errors.degree"] });
    expect(form({ appBarOpacity2: "1.01" }).error).toMatchObject({ appBarOpacity2: ["appearance.errors.opacity"] });
    expect(form({ appBarOpacity1: "abc" }).error).toMatchObject({ appBarOpacity1: ["appearance.errors.opacity"] });
  });

  it("warns when the text colour falls below 4.5:1 against either gradient colour", () => {
    expect(appBarContrast({ ...DEFAULT_APP_BAR }).ok).toBe(true);
    expect(appBarContrast({ appBarColor1: "#1a237e", appBarColor2: "#004d40", appBarGradientDegree: 90, appBarOpacity1: 1, appBarOpacity2: 1 })).toMatchObject({ text: "#ffffff", ok: true });
    // Mid grey: black text (luminance 128 ≥ 125) reaches only ~5.3:1 — fine; a dark and a light end are not.
    const mixed = appBarContrast({ appBarColor1: "#000000", appBarColor2: "#ffffff", appBarGradientDegree: 90, appBarOpacity1: 1, appBarOpacity2: 1 });
    expect(mixed.ok).toBe(false);
    expect(mixed.ratios).toEqual([1, 21]);
  });
});

describe("login-form settings", () => {
  it("default to the bare layout's light gradient", async () => {
    expect(await getLoginFormSettings(t.db)).toEqual(DEFAULT_LOGIN_FORM);
  });

  it("are saved normalised, and a radial gradient without an angle keeps the stored one", async () => {
    await saveLoginFormSettings(t.db, { ...DEFAULT_LOGIN_FORM, gradientDegree: 45 }, causer);
    const saved = await saveLoginFormSettings(
      t.db,
      { leftPartBgColor: "ABC", gradientType: "radial", gradientColor1: "red", gradientColor2: "#00ff00", gradientOpacity1: 2, gradientOpacity2: 0.25 },
      causer,
    );
    expect(saved).toEqual({ leftPartBgColor: "#abc", gradientType: "radial", gradientColor1: "#000000", gradientColor2: "#00ff00", gradientDegree: 45, gradientOpacity1: 1, gradientOpacity2: 0.25 });
    expect(await getLoginFormSettings(t.db)).toEqual(saved);
    expect(loginFormStyle(saved)).toEqual({ backgroundColor: "rgba(170, 187, 204, 1)", backgroundImage: "radial-gradient(circle, rgba(0, 0, 0, 1), rgba(0, 255, 0, 0.25))" });
    const [latest] = await listActivitiesFor(t.db, "setting", APPEARANCE_KEYS.loginForm);
    expect(JSON.parse(latest.old_values as string).value.gradientType).toBe("linear");
    expect(JSON.parse(latest.new_values as string).value.gradientType).toBe("radial");
  });

  it("form refuses an unknown gradient type; the angle is optional", () => {
    const data = new FormData();
    for (const [k, v] of Object.entries({ intent: "loginForm", leftPartBgColor: "#fff", gradientType: "conic", gradientColor1: "#fff", gradientColor2: "#000", gradientOpacity1: "1", gradientOpacity2: "1" })) data.set(k, v);
    expect(parseWithZod(data, { schema: LoginFormSchema }).reply().error).toMatchObject({ gradientType: ["appearance.errors.gradientType"] });
    data.set("gradientType", "radial");
    expect(parseWithZod(data, { schema: LoginFormSchema }).status).toBe("success");
  });

  it("colours: 3- or 6-digit hex only, everything else is black", () => {
    expect(normaliseColour("#FFF")).toBe("#fff");
    expect(normaliseColour("1a237e")).toBe("#1a237e");
    expect(normaliseColour("white")).toBe("white");
    for (const bad of ["#ffff", "#1234567", "rgb(1,2,3)", "", "#ggg", null]) expect(normaliseColour(bad), String(bad)).toBe("#000000");
  });
});

describe("logo", () => {
  it("accepts a PNG (by content), stores it as base64 with its type and audits without the image", async () => {
    expect(await getLogo(t.db)).toBeNull();
    expect(await getLogoVersion(t.db)).toBeNull();
    const saved = await saveLogo(t.db, PNG, causer);
    expect(saved.mime).toBe("image/png");
    const stored = await getLogo(t.db);
    expect(stored).toMatchObject({ mime: "image/png", data: PNG.toString("base64"), bytes: PNG.length });
    expect(await getLogoVersion(t.db)).toBe(stored!.updatedAt);
    const [activity] = await listActivitiesFor(t.db, "setting", APPEARANCE_KEYS.logo);
    expect(JSON.parse(activity.new_values as string)).toEqual({ value: { mime: "image/png", bytes: PNG.length, sha256: saved.sha256 } });
    expect(activity.new_values).not.toContain(PNG.toString("base64"));
  });

  it("accepts a JPEG", () => {
    expect(checkLogo(JPEG)).toBe("image/jpeg");
  });

  it("refuses a GIF, a text file (whatever its name), an empty file and one over 1 MB, and keeps the stored logo", async () => {
    const before = await getLogo(t.db);
    expect(await logoError(GIF)).toBe("appearance.errors.logoType");
    expect(await logoError(Buffer.from("not really a picture.png\n"))).toBe("appearance.errors.logoType");
    expect(await logoError(new Uint8Array())).toBe("appearance.errors.logoRequired");
    const big = Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES)]);
    expect(await logoError(big)).toBe("appearance.errors.logoTooLarge");
    expect(await getLogo(t.db)).toEqual(before);
  });

  it("is removed with an activity; removing nothing changes nothing", async () => {
    expect(await removeLogo(t.db, causer)).toBe(true);
    expect(await getLogo(t.db)).toBeNull();
    const [activity] = await listActivitiesFor(t.db, "setting", APPEARANCE_KEYS.logo);
    expect(activity.event).toBe("deleted");
    expect(JSON.parse(activity.new_values as string)).toEqual({ value: null });
    expect(await removeLogo(t.db, causer)).toBe(false);
  });
});

describe("service-area switch", () => {
  it("is active by default, switches off and on, and records each change with old and new value", async () => {
    expect(await isServiceAreaActive(t.db)).toBe(true);
    expect(await setServiceAreaActive(t.db, false, causer)).toBe(true);
    expect(await isServiceAreaActive(t.db)).toBe(false);
    expect(await setServiceAreaActive(t.db, false, causer)).toBe(false);
    expect(await setServiceAreaActive(t.db, true, causer)).toBe(true);
    expect(await isServiceAreaActive(t.db)).toBe(true);
    const activities = await listActivitiesFor(t.db, "service_area_config", 1);
    expect(activities).toHaveLength(2);
    expect(activities.map((a) => [JSON.parse(a.old_values as string), JSON.parse(a.new_values as string)])).toEqual([
      [{ active: false }, { active: true }],
      [{ active: true }, { active: false }],
    ]);
    expect(activities[0]).toMatchObject({ causer_id: causer.id, causer_name: "Appearance Admin" });
  });
});
