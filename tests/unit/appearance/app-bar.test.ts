import { describe, expect, it } from "vitest";
import { DEFAULT_APP_BAR, appBarStyle, normaliseAppBar, type AppBarSettings } from "~/modules/appearance/app-bar";

const settings = (overrides: Partial<AppBarSettings> = {}): AppBarSettings => ({ ...DEFAULT_APP_BAR, ...overrides });

describe("DEFAULT_APP_BAR", () => {
  it("is white to white at 135 degrees, fully opaque, and frozen", () => {
    expect(DEFAULT_APP_BAR).toEqual({
      appBarColor1: "white",
      appBarColor2: "white",
      appBarGradientDegree: 135,
      appBarOpacity1: 1,
      appBarOpacity2: 1,
    });
    expect(Object.isFrozen(DEFAULT_APP_BAR)).toBe(true);
  });
});

describe("normaliseAppBar", () => {
  it.each([undefined, null, "garbage", 42, true, [], () => 1])("returns the defaults for %j", (input) => {
    expect(normaliseAppBar(input)).toEqual(DEFAULT_APP_BAR);
  });

  it("returns a new object, not the frozen default", () => {
    const result = normaliseAppBar({});
    expect(result).not.toBe(DEFAULT_APP_BAR);
    expect(Object.isFrozen(result)).toBe(false);
  });

  it("keeps valid values", () => {
    const input = {
      appBarColor1: "#112233",
      appBarColor2: "#abc",
      appBarGradientDegree: 90,
      appBarOpacity1: 0.4,
      appBarOpacity2: 0,
    };
    expect(normaliseAppBar(input)).toEqual(input);
  });

  it("fills only the missing fields", () => {
    expect(normaliseAppBar({ appBarColor1: "#000", appBarOpacity2: 0.5 })).toEqual({
      ...DEFAULT_APP_BAR,
      appBarColor1: "#000",
      appBarOpacity2: 0.5,
    });
  });

  it("clamps the degree to 0..360 and opacities to 0..1", () => {
    const result = normaliseAppBar({
      appBarGradientDegree: 720,
      appBarOpacity1: -3,
      appBarOpacity2: 9,
    });
    expect(result.appBarGradientDegree).toBe(360);
    expect(result.appBarOpacity1).toBe(0);
    expect(result.appBarOpacity2).toBe(1);
    expect(normaliseAppBar({ appBarGradientDegree: -10 }).appBarGradientDegree).toBe(0);
    expect(normaliseAppBar({ appBarGradientDegree: 360 }).appBarGradientDegree).toBe(360);
    expect(normaliseAppBar({ appBarGradientDegree: 0 }).appBarGradientDegree).toBe(0);
  });

  it("accepts numeric strings as form data and localStorage deliver them", () => {
    expect(normaliseAppBar({ appBarGradientDegree: " 45 ", appBarOpacity1: "0.25", appBarOpacity2: "1" })).toEqual({
      ...DEFAULT_APP_BAR,
      appBarGradientDegree: 45,
      appBarOpacity1: 0.25,
      appBarOpacity2: 1,
    });
  });

  it("uses defaults for non-numeric or non-finite numbers", () => {
    const result = normaliseAppBar({
      appBarGradientDegree: "abc",
      appBarOpacity1: Number.NaN,
      appBarOpacity2: Number.POSITIVE_INFINITY,
    });
    expect(result.appBarGradientDegree).toBe(135);
    expect(result.appBarOpacity1).toBe(1);
    expect(result.appBarOpacity2).toBe(1);
    expect(normaliseAppBar({ appBarGradientDegree: "" }).appBarGradientDegree).toBe(135);
    expect(normaliseAppBar({ appBarGradientDegree: null }).appBarGradientDegree).toBe(135);
    expect(normaliseAppBar({ appBarOpacity1: {} }).appBarOpacity1).toBe(1);
  });

  it("defaults missing, empty or non-string colours but keeps invalid strings (they render black)", () => {
    expect(normaliseAppBar({ appBarColor1: "", appBarColor2: "   " })).toEqual(DEFAULT_APP_BAR);
    expect(normaliseAppBar({ appBarColor1: 123, appBarColor2: null }).appBarColor1).toBe("white");
    expect(normaliseAppBar({ appBarColor1: " #12345 " }).appBarColor1).toBe("#12345");
  });
});

describe("appBarStyle", () => {
  it("builds the default white gradient with black text", () => {
    expect(appBarStyle(DEFAULT_APP_BAR)).toEqual({
      background: "linear-gradient(135deg, rgba(255, 255, 255, 1), rgba(255, 255, 255, 1))",
      color: "#000000",
    });
  });

  it("uses degree, both colours and both opacities in order", () => {
    const style = appBarStyle(
      settings({ appBarColor1: "#102030", appBarColor2: "#abc", appBarGradientDegree: 90, appBarOpacity1: 0.5, appBarOpacity2: 0.25 }),
    );
    expect(style.background).toBe("linear-gradient(90deg, rgba(16, 32, 48, 0.5), rgba(170, 187, 204, 0.25))");
  });

  it("gives white text on a dark gradient", () => {
    expect(appBarStyle(settings({ appBarColor1: "#000", appBarColor2: "#003366" })).color).toBe("#ffffff");
  });

  it("decides the text colour by the average luminance of both colours", () => {
    // white (255) + black (0) → 127.5 ≥ 125 → black text
    expect(appBarStyle(settings({ appBarColor1: "white", appBarColor2: "black" })).color).toBe("#000000");
    // #f0f0f0 (240) + black (0) → 120 < 125 → white text, though colour 1 alone is light
    expect(appBarStyle(settings({ appBarColor1: "#f0f0f0", appBarColor2: "#000" })).color).toBe("#ffffff");
    // order does not matter
    expect(appBarStyle(settings({ appBarColor1: "#000", appBarColor2: "#f0f0f0" })).color).toBe("#ffffff");
  });

  it("ignores opacity for the text colour", () => {
    expect(appBarStyle(settings({ appBarColor1: "#000", appBarColor2: "#000", appBarOpacity1: 0, appBarOpacity2: 0 })).color).toBe(
      "#ffffff",
    );
  });

  it("normalises out-of-range settings instead of emitting invalid CSS", () => {
    const style = appBarStyle(
      settings({ appBarGradientDegree: 999, appBarOpacity1: 7, appBarOpacity2: Number.NaN, appBarColor1: "bogus" }),
    );
    expect(style.background).toBe("linear-gradient(360deg, rgba(0, 0, 0, 1), rgba(255, 255, 255, 1))");
  });
});
