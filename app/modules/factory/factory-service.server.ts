import { z } from "zod";
import { optionSchema, urlSchema, NAME_MAX, RESPONSIBILITY_MAX } from "~/modules/service/service-children-input.server";
import { DETAIL_FLAG_FIELDS, DETAIL_TEXT_FIELDS, PERSONAL_FLAG_FIELDS, PERSONAL_TEXT_FIELDS, RICH_FIELDS } from "~/modules/service/service-sections";
import { htmlToPlainText, sanitizeRichText } from "~/server/sanitize.server";
import { optionalText, requiredText } from "~/ui/form/fields";

/**
 * A template service as the factory's API publishes it (`GET /api/services`, app/modules/api),
 * read as outside input with the limits of our own service page: rich text sanitised again,
 * plain texts as long as the page allows, flags 0/1, children and relations by name. What does
 * not read is reported per service at import, never stored half.
 */

const RICH_MAX = 200_000;
const TEXT_MAX = 2000;
const LIST_MAX = 500;

const rich = z
  .string()
  .max(RICH_MAX)
  .nullish()
  .transform((v) => {
    if (!v) return null;
    const clean = sanitizeRichText(v);
    return htmlToPlainText(clean) === "" ? null : clean;
  });

const flag = z
  .union([z.number(), z.boolean()])
  .nullish()
  .transform((v) => (v === true || v === 1 ? 1 : 0));

const bit = z
  .union([z.number(), z.boolean()])
  .nullish()
  .transform((v) => (v === true || (typeof v === "number" && v !== 0) ? 1 : 0));

const position = z.number().int().min(0).max(1_000_000).nullish().transform((v) => v ?? 0);

const names = z.array(requiredText(NAME_MAX)).max(LIST_MAX).nullish().transform((v) => v ?? []);

const shape: Record<string, z.ZodType> = {
  id: z.number().int().positive(),
  name: requiredText(NAME_MAX),
  category_id: z.number().int().nullish().transform((v) => v ?? null),
  servicetype: z.enum(["customer", "it"]).catch("customer"),
  servicechangeplanned: flag,
  options: z
    .array(optionSchema.extend({ position }))
    .max(LIST_MAX)
    .nullish()
    .transform((v) => v ?? []),
  responsibilities: z
    .array(z.object({ pos: position, description: optionalText(RESPONSIBILITY_MAX), client: bit, it: bit }))
    .max(LIST_MAX)
    .nullish()
    .transform((v) => v ?? []),
  links: z
    .array(z.object({ url: urlSchema, position }))
    .max(LIST_MAX)
    .nullish()
    .transform((v) => v ?? []),
  owners: names,
  providers: names,
  kpis: names,
  tags: names,
};
for (const field of RICH_FIELDS) shape[field] = rich;
for (const field of [...DETAIL_TEXT_FIELDS, ...PERSONAL_TEXT_FIELDS]) shape[field] = optionalText(TEXT_MAX);
for (const field of [...DETAIL_FLAG_FIELDS, ...PERSONAL_FLAG_FIELDS]) shape[field] = flag;

type RichField = (typeof RICH_FIELDS)[number];
type TextField = (typeof DETAIL_TEXT_FIELDS)[number] | (typeof PERSONAL_TEXT_FIELDS)[number];
type FlagField = (typeof DETAIL_FLAG_FIELDS)[number] | (typeof PERSONAL_FLAG_FIELDS)[number] | "servicechangeplanned";

export type FactoryService = {
  id: number;
  name: string;
  category_id: number | null;
  servicetype: "customer" | "it";
  options: { name: string; art_nr: string | null; short_description: string | null; description: string | null; costs: number; position: number }[];
  responsibilities: { pos: number; description: string | null; client: number; it: number }[];
  links: { url: string; position: number }[];
  owners: string[];
  providers: string[];
  kpis: string[];
  tags: string[];
} & Record<RichField | TextField, string | null> &
  Record<FlagField, number>;

/** The columns of `services` an import copies from a template service. */
export const COPIED_FIELDS = [...RICH_FIELDS, ...DETAIL_TEXT_FIELDS, ...PERSONAL_TEXT_FIELDS, ...DETAIL_FLAG_FIELDS, ...PERSONAL_FLAG_FIELDS, "servicechangeplanned", "servicetype"] as const;

export const FactoryServiceSchema = z.object(shape) as unknown as z.ZodType<FactoryService>;

/** The template service, or the path of the first field that does not read (for the report). */
export function readFactoryService(raw: unknown): { service: FactoryService } | { invalid: string } {
  const parsed = FactoryServiceSchema.safeParse(raw);
  if (parsed.success) return { service: parsed.data };
  const path = parsed.error.issues[0]?.path.join(".") || "service";
  return { invalid: path };
}
