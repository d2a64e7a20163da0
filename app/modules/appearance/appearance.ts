/**
 * Logo and appearance (spec 02 §3 "Admin entities", §5, §9; spec 01 §2 "Top bar"): the login
 * form's background, the WCAG contrast check of the app bar and the colour rule. Client-safe: the
 * admin page's live preview and the server's normalising use the same functions.
 *
 * The app bar itself lives in `app-bar.ts` beside this file (normaliseAppBar, appBarStyle); colours
 * are parsed by `colour.ts` ("3- or 6-digit hex only, other lengths count as black").
 */
import { appBarStyle, toNumber, type AppBarSettings } from "./app-bar";
import { clampOpacity, parseHexColour, rgba, type Rgb } from "./colour";

export const GRADIENT_TYPES = ["linear", "radial"] as const;
export type GradientType = (typeof GRADIENT_TYPES)[number];

export interface LoginFormSettings {
  leftPartBgColor: string;
  gradientType: GradientType;
  gradientColor1: string;
  gradientColor2: string;
  gradientDegree: number;
  gradientOpacity1: number;
  gradientOpacity2: number;
}

/** The login page's look before anyone changed it (the light green-grey of the bare layout). */
export const DEFAULT_LOGIN_FORM: Readonly<LoginFormSettings> = Object.freeze({
  leftPartBgColor: "#ffffff",
  gradientType: "linear",
  gradientColor1: "#ebfbee",
  gradientColor2: "#f1f3f5",
  gradientDegree: 135,
  gradientOpacity1: 1,
  gradientOpacity2: 1,
});

/** The largest logo we keep (bytes); it is sent with every page that shows it. */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_ACCEPT = ".jpg,.jpeg,.png,image/jpeg,image/png";

/** The logo's address in pages: versioned by its save time, so the browser may keep it. */
export function logoUrl(version: string | null | undefined): string | null {
  return version ? `/logo?v=${encodeURIComponent(version)}` : null;
}

/** WCAG 2 AA for normal text. */
export const MIN_CONTRAST = 4.5;

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * A colour as it is stored: 3- or 6-digit hex with "#", lower case; the words "white" and
 * "black" as they are (the app-bar default is "white"); anything else is black (spec 02 §5).
 */
export function normaliseColour(value: unknown): string {
  if (typeof value !== "string") return "#000000";
  const text = value.trim().toLowerCase();
  if (text === "white" || text === "black") return text;
  const match = HEX.exec(text);
  return match ? `#${match[1]}` : "#000000";
}

/** Whether a typed colour is one the spec accepts (else it shows, and is saved, as black). */
export function isValidColour(value: string): boolean {
  const text = value.trim().toLowerCase();
  return text === "white" || text === "black" || HEX.test(text);
}


export function clampDegree(value: number): number {
  return Math.round(Math.min(360, Math.max(0, value)));
}

/** Two decimals, as the form's step of 0.01. */
export function roundOpacity(value: number): number {
  return Math.round(clampOpacity(value) * 100) / 100;
}

function colourOr(value: unknown, fallback: string): string {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : fallback;
}

/** Fills defaults and clamps (degree 0..360, opacities 0..1); never throws. Colours are kept as typed. */
export function normaliseLoginForm(input: unknown): LoginFormSettings {
  const s = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
  const d = DEFAULT_LOGIN_FORM;
  const degree = toNumber(s.gradientDegree);
  const o1 = toNumber(s.gradientOpacity1);
  const o2 = toNumber(s.gradientOpacity2);
  return {
    leftPartBgColor: colourOr(s.leftPartBgColor, d.leftPartBgColor),
    gradientType: s.gradientType === "radial" ? "radial" : "linear",
    gradientColor1: colourOr(s.gradientColor1, d.gradientColor1),
    gradientColor2: colourOr(s.gradientColor2, d.gradientColor2),
    gradientDegree: degree === null ? d.gradientDegree : clampDegree(degree),
    gradientOpacity1: o1 === null ? d.gradientOpacity1 : roundOpacity(o1),
    gradientOpacity2: o2 === null ? d.gradientOpacity2 : roundOpacity(o2),
  };
}

/** The login page's background: the left-part colour under the gradient (linear at its angle, or radial). */
export function loginFormStyle(settings: LoginFormSettings): { backgroundColor: string; backgroundImage: string } {
  const s = normaliseLoginForm(settings);
  const stops = `${rgba(s.gradientColor1, s.gradientOpacity1)}, ${rgba(s.gradientColor2, s.gradientOpacity2)}`;
  return {
    backgroundColor: rgba(s.leftPartBgColor, 1),
    backgroundImage: s.gradientType === "radial" ? `radial-gradient(circle, ${stops})` : `linear-gradient(${s.gradientDegree}deg, ${stops})`,
  };
}

const WHITE: Rgb = { r: 255, g: 255, b: 255 };

/** A colour with an opacity, as it shows over an opaque backdrop (the white page behind the bar). */
export function composite(colour: string, opacity: number, backdrop: Rgb = WHITE): Rgb {
  const fg = parseHexColour(colour);
  const a = clampOpacity(opacity);
  const mix = (f: number, b: number) => Math.round(f * a + b * (1 - a));
  return { r: mix(fg.r, backdrop.r), g: mix(fg.g, backdrop.g), b: mix(fg.b, backdrop.b) };
}

/** WCAG 2 relative luminance 0..1. */
export function relativeLuminance({ r, g, b }: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio 1..21 of two opaque colours. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

export interface ContrastCheck {
  text: "#ffffff" | "#000000";
  /** Against the first and the second gradient colour (each over white at its opacity), two decimals. */
  ratios: [number, number];
  ok: boolean;
}

/** The app bar's text colour (luminance rule, threshold 125) against both ends of its gradient. */
export function appBarContrast(settings: AppBarSettings): ContrastCheck {
  const text = appBarStyle(settings).color as ContrastCheck["text"];
  const textRgb = parseHexColour(text);
  const ends = [composite(settings.appBarColor1, settings.appBarOpacity1), composite(settings.appBarColor2, settings.appBarOpacity2)];
  const ratios = ends.map((end) => Math.floor(contrastRatio(textRgb, end) * 100) / 100) as [number, number];
  return { text, ratios, ok: ratios.every((r) => r >= MIN_CONTRAST) };
}
