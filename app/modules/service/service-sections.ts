import { z } from "zod";
import { idField, idList, optionalText, requiredText, tooLong } from "~/ui/form/fields";
import { STATUSES } from "./service-status";
import { MAX_REVIEW_INTERVAL } from "./review-cadence";
import { SERVICE_STAGES } from "./service-stage";
import { parseDay } from "~/modules/catalogue/catalogue-query";
import { translationForm } from "~/modules/translations/translation-form";
import { DETAIL_FLAG_FIELDS, DETAIL_TEXT_FIELDS, PERSONAL_FLAG_FIELDS, PERSONAL_TEXT_FIELDS, RICH_FIELDS } from "./service-fields";

export { RICH_FIELDS, type RichField, DETAIL_TEXT_FIELDS, DETAIL_FLAG_FIELDS, DETAIL_GROUPS, PERSONAL_TEXT_FIELDS, PERSONAL_FLAG_FIELDS, JUMP_SECTIONS, type RelationChoices } from "./service-fields";

const TEXT_MAX = 2000;
const RICH_MAX = 200_000;
const text = optionalText(TEXT_MAX);
const flag = z
  .union([z.literal("on"), z.literal("true"), z.literal("1"), z.literal("false"), z.literal("0"), z.literal("")])
  .optional()
  .transform((v) => (v === "on" || v === "true" || v === "1" ? 1 : 0));

export const BasicsSchema = z.object({
  name: requiredText(255),
  category_id: z.string({ error: "validation.required" }).regex(/^\d+$/, { error: "validation.required" }).transform(Number),
  servicetype: z.enum(["customer", "it"], { error: "validation.required" }),
  status: z.enum(STATUSES, { error: "validation.required" }),
  statuspercent: z
    .string({ error: "service.errors.percent" })
    .trim()
    .regex(/^\d{1,3}$/, { error: "service.errors.percent" })
    .transform(Number)
    .refine((n) => n >= 0 && n <= 100, { error: "service.errors.percent" }),
  servicechangeplanned: flag,
  // Empty: the catalogue's interval (issue 36 §1).
  review_interval_months: z
    .string()
    .trim()
    .optional()
    .transform((v) => v ?? "")
    .refine((v) => v === "" || (/^\d{1,3}$/.test(v) && Number(v) <= MAX_REVIEW_INTERVAL), { error: "service.errors.reviewInterval" })
    .transform((v) => (v === "" ? null : Number(v))),
});

/** "Still accurate": only the version the page was loaded with (the stale check). */
export const ConfirmReviewSchema = z.object({});

export const RichSchema = z.object({
  field: z.enum(RICH_FIELDS),
  // An emptied editor posts nothing (conform: undefined): that clears the field.
  value: z
    .string()
    .max(RICH_MAX, { error: tooLong(RICH_MAX) })
    .optional()
    .transform((v) => v ?? ""),
});

/** A rich field's translation into one of the catalogue's further languages (issue 37). */
export const TRANSLATED_FIELDS = ["name", ...RICH_FIELDS] as const;
export const TranslationSchema = translationForm(z.enum(TRANSLATED_FIELDS))
  // A name is one line of plain text, as the original's.
  .refine((v) => v.field !== "name" || v.value.trim().length <= 255, { path: ["value"], error: tooLong(255) });

/** The tags section: the ticked tags and, for keyusers and above, a new tag's name. */
export const TagsSchema = z.object({
  tags: idList(),
  newTag: z
    .string()
    .trim()
    .max(255, { error: tooLong(255) })
    .optional()
    .transform((v) => v ?? ""),
});

/** The relations section: the ticked owners, providers and KPIs. */
export const RelationsSchema = z.object({ owners: idList(), providers: idList(), kpis: idList() });

/** Adding or removing a dependency: the service it depends on. */
export const DependencySchema = z.object({ required: idField("service.errors.unknownService") });

/** A section of plain text fields and 0/1 flags (an unchecked checkbox sends nothing → 0). */
function textAndFlags<T extends string, F extends string>(texts: readonly T[], flags: readonly F[]) {
  return z.object({
    ...Object.fromEntries(texts.map((f) => [f, text])),
    ...Object.fromEntries(flags.map((f) => [f, flag])),
  }) as unknown as z.ZodType<Record<T, string | null> & Record<F, number>>;
}

export const DetailsSchema = textAndFlags(DETAIL_TEXT_FIELDS, DETAIL_FLAG_FIELDS);
export const PersonalDataSchema = textAndFlags(PERSONAL_TEXT_FIELDS, PERSONAL_FLAG_FIELDS);

/** The lifecycle stage (issue 36 §2): a retired service's day (empty: today) and successor (empty: none). */
export const StageSchema = z.object({
  stage: z.enum(SERVICE_STAGES, { error: "validation.required" }),
  retired_at: z
    .string()
    .trim()
    .optional()
    .transform((v) => v ?? "")
    .refine((v) => v === "" || parseDay(v) !== null, { error: "service.stage.errors.day" })
    .transform((v) => (v === "" ? null : v)),
  successor_id: z
    .string()
    .trim()
    .optional()
    .transform((v) => v ?? "")
    .refine((v) => v === "" || /^\d{1,12}$/.test(v), { error: "service.stage.errors.successor" })
    .transform((v) => (v === "" ? null : Number(v))),
  confirm: flag.transform((v) => v === 1),
});

/** The service's own responsible people: user accounts (issue 36 §3). */
export const PeopleSchema = z.object({ users: idList() });
