import { z } from "zod";
import { GRADIENT_TYPES } from "./appearance";

/**
 * The forms of /admin/logo and /admin/servicearea (one schema each, for the action and the
 * browser; docs/decisions/0016-form-pipeline.md). Client-safe. Messages are i18n keys.
 *
 * Colours are any short text: one the spec does not accept is saved as black (spec 02 §5), and
 * the preview says so. Degree and opacities outside their ranges are refused beside the field
 * (the model clamps them for callers that are not forms).
 */

const colour = z.string({ error: "appearance.errors.colourRequired" }).trim().max(32, { error: "appearance.errors.colourRequired" });
const degreeError = "appearance.errors.degree";
const degree = z.number({ error: degreeError }).int({ error: degreeError }).min(0, { error: degreeError }).max(360, { error: degreeError });
const opacityError = "appearance.errors.opacity";
const opacity = z.number({ error: opacityError }).min(0, { error: opacityError }).max(1, { error: opacityError });
/** Set by the browser's debounced save: answer with data instead of a redirect. */
const autosave = z.string().max(1).optional();

export const AppBarSchema = z.object({
  intent: z.literal("appBar"),
  appBarColor1: colour,
  appBarColor2: colour,
  appBarGradientDegree: degree,
  appBarOpacity1: opacity,
  appBarOpacity2: opacity,
  autosave,
});

export const LoginFormSchema = z.object({
  intent: z.literal("loginForm"),
  leftPartBgColor: colour,
  gradientType: z.enum(GRADIENT_TYPES, { error: "appearance.errors.gradientType" }),
  gradientColor1: colour,
  gradientColor2: colour,
  /** Only for a linear gradient: a radial one (its slider disabled) keeps the stored angle. */
  gradientDegree: degree.optional(),
  gradientOpacity1: opacity,
  gradientOpacity2: opacity,
  autosave,
});

export const ServiceAreaSchema = z.object({
  active: z.enum(["true", "false"], { error: "appearance.errors.active" }).transform((v) => v === "true"),
});

export type AppBarInput = z.output<typeof AppBarSchema>;
export type LoginFormInput = z.output<typeof LoginFormSchema>;
