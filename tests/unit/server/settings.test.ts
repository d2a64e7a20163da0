import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_APP_BAR } from "~/modules/appearance/app-bar";
import { listActivitiesFor } from "~/server/audit.server";
import { getAppBarSettings } from "~/modules/appearance/appearance.server";
import { SETTING_KEYS, getSetting, putSetting } from "~/server/settings.server";
import { factories } from "../../factories";
import { useTestDb } from "../../support/test-db";

const t = useTestDb();
let adminId: number;

beforeAll(async () => {
  adminId = (await factories(t.db).user("superadmin", { name: "Settings Admin", email: "admin@settings.test" })).id;
});

describe("settings", () => {
  it("getAppBarSettings returns the defaults when nothing is stored", async () => {
    expect(await getSetting(t.db, SETTING_KEYS.appBar)).toBeUndefined();
    expect(await getAppBarSettings(t.db)).toEqual({
      appBarColor1: "white",
      appBarColor2: "white",
      appBarGradientDegree: 135,
      appBarOpacity1: 1,
      appBarOpacity2: 1,
    });
    expect(await getAppBarSettings(t.db)).toEqual(DEFAULT_APP_BAR);
  });

  it("putSetting then getSetting round-trips JSON values, and a second put overwrites the first", async () => {
    const value = { a: 1, list: ["x", "y"], nested: { ok: true }, nothing: null };
    await putSetting(t.db, "roundtrip", value, null);
    expect(await getSetting(t.db, "roundtrip")).toEqual(value);

    await putSetting(t.db, "roundtrip", "just a string", null);
    expect(await getSetting(t.db, "roundtrip")).toBe("just a string");
    const rows = await t.db.selectFrom("settings").selectAll().where("key", "=", "roundtrip").execute();
    expect(rows).toHaveLength(1);
  });

  it("getAppBarSettings reads back what putSetting stored", async () => {
    const stored = { appBarColor1: "#112233", appBarColor2: "#445566", appBarGradientDegree: 90, appBarOpacity1: 0.5, appBarOpacity2: 0.25 };
    await putSetting(t.db, SETTING_KEYS.appBar, stored, { id: adminId, name: "Settings Admin" });
    expect(await getAppBarSettings(t.db)).toEqual(stored);
  });

  it("putSetting records an activity with the old and the new value and the causer", async () => {
    const causer = { id: adminId, name: "Settings Admin" };
    await putSetting(t.db, "audited", { level: 1 }, causer);
    await putSetting(t.db, "audited", { level: 2 }, causer);

    const activities = await listActivitiesFor(t.db, "setting", "audited");
    expect(activities).toHaveLength(2);
    const [second, first] = activities;
    expect(second).toMatchObject({ event: "updated", causer_id: adminId, causer_name: "Settings Admin" });
    expect(JSON.parse(second.old_values as string)).toEqual({ value: { level: 1 } });
    expect(JSON.parse(second.new_values as string)).toEqual({ value: { level: 2 } });
    // The first write had no previous value.
    expect(JSON.parse(first.old_values as string).value).toBeUndefined();
    expect(JSON.parse(first.new_values as string)).toEqual({ value: { level: 1 } });
  });

  it("getSetting returns undefined for a stored value that is not JSON", async () => {
    await factories(t.db).setting("broken", "{not json");
    expect(await getSetting(t.db, "broken")).toBeUndefined();
  });

  it("getAppBarSettings falls back to defaults for unusable stored values", async () => {
    await putSetting(t.db, SETTING_KEYS.appBar, { appBarGradientDegree: "abc", appBarOpacity1: 5, appBarColor1: "" }, null);
    expect(await getAppBarSettings(t.db)).toEqual({ ...DEFAULT_APP_BAR, appBarOpacity1: 1 });
  });
});
