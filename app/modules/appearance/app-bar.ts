/**
 * App-bar (top bar) appearance (spec 01 §2 "Top bar"): a linear gradient of
 * two colours with two opacities at an angle, and black or white text.
 *
 * Settings arrive from the database, from form data and from browser storage
 * (spec 01 §9 "Stored browser keys"), so `normaliseAppBar` accepts anything
 * and always returns usable values.
 */
import { clampOpacity, luminance, parseHexColour, rgba, textColourForLuminance } from "./colour";

export interface AppBarSettings {
  appBarColor1: string;
  appBarColor2: string;
  appBarGradientDegree: number;
  appBarOpacity1: number;
  appBarOpacity2: number;
}

export const DEFAULT_APP_BAR: Readonly<AppBarSettings> = Object.freeze({
  appBarColor1: "white",
  appBarColor2: "white",
  appBarGradientDegree: 135,
  appBarOpacity1: 1,
  appBarOpacity2: 1,
});

/** A number, or a numeric string as form data and localStorage deliver it; else null. */
export function toNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && value.trim() !== "") {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/**
 * Non-empty strings are kept as given (trimmed) even when they are not valid
 * hex: the spec renders such values as black, and silently swapping in the
 * default would hide that the stored value is wrong. Missing or empty → default.
 */
function toColour(value: unknown, fallback: string): string {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : fallback;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Fills defaults and clamps: degree to 0..360, opacities to 0..1. Never throws. */
export function normaliseAppBar(input: unknown): AppBarSettings {
  const source = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
  const degree = toNumber(source.appBarGradientDegree);
  const opacity1 = toNumber(source.appBarOpacity1);
  const opacity2 = toNumber(source.appBarOpacity2);
  return {
    appBarColor1: toColour(source.appBarColor1, DEFAULT_APP_BAR.appBarColor1),
    appBarColor2: toColour(source.appBarColor2, DEFAULT_APP_BAR.appBarColor2),
    appBarGradientDegree: degree === null ? DEFAULT_APP_BAR.appBarGradientDegree : clamp(degree, 0, 360),
    appBarOpacity1: opacity1 === null ? DEFAULT_APP_BAR.appBarOpacity1 : clampOpacity(opacity1),
    appBarOpacity2: opacity2 === null ? DEFAULT_APP_BAR.appBarOpacity2 : clampOpacity(opacity2),
  };
}

/**
 * Inline style for the top bar.
 *
 * Text colour: the spec only says "white or black by luminance". With a
 * gradient there is no single background colour, so we use the average
 * luminance of the two colours against the threshold 125. Opacity is ignored
 * on purpose: what shows through depends on the page behind the bar, which we
 * cannot know here — keep it simple and predictable.
 */
export function appBarStyle(settings: AppBarSettings): { background: string; color: string } {
  const s = normaliseAppBar(settings);
  const averageLuminance =
    (luminance(parseHexColour(s.appBarColor1)) + luminance(parseHexColour(s.appBarColor2))) / 2;
  return {
    background: `linear-gradient(${s.appBarGradientDegree}deg, ${rgba(s.appBarColor1, s.appBarOpacity1)}, ${rgba(s.appBarColor2, s.appBarOpacity2)})`,
    color: textColourForLuminance(averageLuminance),
  };
}
