import { z } from "zod";

/**
 * The SLA overview's URL state (client-safe; docs/decisions/0035-sla-and-reports.md): catalogue
 * (one, or "all"), provider (one, or "none" for services without), service level, search term,
 * page. The GET form's one schema; an invalid value is dropped (that filter then shows
 * everything) and named beside its field.
 */

export const SLA_PAGE_SIZE = 100;
export const ALL_CATALOGUES = "all";
export const NO_PROVIDER = "none";

const id = z.coerce.number({ error: "sla.errors.invalid" }).int("sla.errors.invalid").positive("sla.errors.invalid");

export const SlaFilterSchema = z.object({
  catalogue: z.union([z.literal(ALL_CATALOGUES), z.coerce.number({ error: "sla.errors.invalid" }).int("sla.errors.invalid")]).optional(),
  provider: z.union([z.literal(NO_PROVIDER), id]).optional(),
  kpi: id.optional(),
  q: z.string().max(200, "sla.errors.tooLong").optional(),
});

export type SlaField = keyof typeof SlaFilterSchema.shape;

export interface SlaQuery {
  /** null: the user's current catalogue. */
  catalogue: number | typeof ALL_CATALOGUES | null;
  provider: number | typeof NO_PROVIDER | null;
  kpi: number | null;
  q: string;
  page: number;
}

export function parseSlaQuery(params: URLSearchParams): { query: SlaQuery; errors: Partial<Record<SlaField, string>> } {
  const errors: Partial<Record<SlaField, string>> = {};
  const read = <K extends SlaField>(name: K) => {
    const raw = (params.get(name) ?? "").trim();
    if (raw === "") return undefined;
    const parsed = SlaFilterSchema.shape[name].safeParse(raw);
    if (parsed.success) return parsed.data as z.output<typeof SlaFilterSchema>[K];
    // Our messages are i18n keys; anything else (a union's own message) is "invalid".
    const message = parsed.error.issues[0]?.message ?? "";
    errors[name] = message.startsWith("sla.") ? message : "sla.errors.invalid";
    return undefined;
  };
  return {
    query: {
      catalogue: read("catalogue") ?? null,
      provider: read("provider") ?? null,
      kpi: read("kpi") ?? null,
      q: read("q") ?? "",
      page: Math.max(1, Math.min(1_000_000, Math.floor(Number(params.get("page")) || 1))),
    },
    errors,
  };
}
