/**
 * Colour parsing and contrast (spec 01 §2 "Top bar", §9 "Luminance threshold 125").
 *
 * The spec is deliberately narrow: colour values are 3- or 6-digit hex (with
 * or without "#"); every other value counts as black. As one addition, the
 * literal words "white" and "black" are accepted too, because the app-bar
 * default in the spec is white and stored settings may say so by name.
 */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const BLACK: Rgb = { r: 0, g: 0, b: 0 };
const WHITE: Rgb = { r: 255, g: 255, b: 255 };
const NAMED: Readonly<Record<string, Rgb>> = { white: WHITE, black: BLACK };

/** Brightness below this gets white text (spec 01 §9). */
export const LUMINANCE_THRESHOLD = 125;

const HEX_DIGITS = /^[0-9a-f]+$/i;

/**
 * Parses `#rgb`, `rgb`, `#rrggbb`, `rrggbb`, "white" or "black"
 * (case-insensitive, surrounding whitespace ignored). Anything else —
 * including 4- and 8-digit hex and CSS functions — is black, as the spec says.
 */
export function parseHexColour(value: string | null | undefined): Rgb {
  if (typeof value !== "string") return { ...BLACK };
  const text = value.trim().toLowerCase();
  const named = NAMED[text];
  if (named) return { ...named };
  const hex = text.startsWith("#") ? text.slice(1) : text;
  if (!HEX_DIGITS.test(hex)) return { ...BLACK };
  if (hex.length === 3) {
    const [r, g, b] = Array.from(hex, (digit) => parseInt(digit + digit, 16));
    return { r, g, b };
  }
  if (hex.length === 6) {
    return {
      r: parseInt(hex.slice(0, 2), 16),
      g: parseInt(hex.slice(2, 4), 16),
      b: parseInt(hex.slice(4, 6), 16),
    };
  }
  return { ...BLACK };
}

/** Perceived brightness 0..255 (ITU-R BT.601 weights: 0.299 r + 0.587 g + 0.114 b). */
export function luminance({ r, g, b }: Rgb): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/** Text colour for a given luminance: white when darker than the threshold, else black. */
export function textColourForLuminance(value: number): "#ffffff" | "#000000" {
  return value < LUMINANCE_THRESHOLD ? "#ffffff" : "#000000";
}

/** Readable text colour on a background given as colour string or RGB. */
export function textColourOn(bg: string | Rgb | null | undefined): "#ffffff" | "#000000" {
  const rgb = typeof bg === "object" && bg !== null ? bg : parseHexColour(bg);
  return textColourForLuminance(luminance(rgb));
}

/** Clamps to 0..1 (±Infinity clamp to the ends); NaN falls back to 1 so bad data never hides the bar. */
export function clampOpacity(opacity: number): number {
  if (Number.isNaN(opacity)) return 1;
  return Math.min(1, Math.max(0, opacity));
}

/** CSS `rgba(r, g, b, a)` for a hex colour and an opacity clamped to 0..1. */
export function rgba(hex: string | null | undefined, opacity: number): string {
  const { r, g, b } = parseHexColour(hex);
  return `rgba(${r}, ${g}, ${b}, ${clampOpacity(opacity)})`;
}
