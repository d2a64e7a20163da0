import { z } from "zod";
import { SERVICE_STAGES, type ServiceStage } from "~/modules/service/service-stage";
import { ALL_CATALOGUES, NO_PROVIDER, type SlaQuery } from "./sla-query";

/**
 * The SLA overview's GET form, read by the loader: one schema; an invalid value is dropped (that
 * filter then shows everything) and named beside its field. Apart from sla-query.ts so the page
 * carries no zod (decision 0063).
 */

const id = z.coerce.number({ error: "sla.errors.invalid" }).int("sla.errors.invalid").positive("sla.errors.invalid");

export const SlaFilterSchema = z.object({
  catalogue: z.union([z.literal(ALL_CATALOGUES), z.coerce.number({ error: "sla.errors.invalid" }).int("sla.errors.invalid")]).optional(),
  provider: z.union([z.literal(NO_PROVIDER), id]).optional(),
  kpi: id.optional(),
  q: z.string().max(200, "sla.errors.tooLong").optional(),
});

export type SlaField = keyof typeof SlaFilterSchema.shape;

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
      // Read leniently, as the browser reads its filters: anything else means every stage.
      stage: (SERVICE_STAGES as readonly string[]).includes(params.get("stage") ?? "") ? (params.get("stage") as ServiceStage) : null,
      page: Math.max(1, Math.min(1_000_000, Math.floor(Number(params.get("page")) || 1))),
    },
    errors,
  };
}
