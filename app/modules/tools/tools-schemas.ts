import { z } from "zod";
import { STATUSES, type Status } from "~/modules/service/service-status";
import { MAX_BULK_SERVICES } from "./tools-query";
import { BULK_KINDS, type BulkChange, type BulkKind } from "./tools-kinds";

export { BULK_KINDS, RELATION_KINDS, type BulkChange, type BulkKind, type BulkRelationKind } from "./tools-kinds";

/**
 * The tools' forms (client-safe): one schema per form, read by the action and the component.
 * Messages are i18n keys.
 */

const VALUE_REQUIRED = "tools.bulk.errors.value";

const changeFields = {
  kind: z.enum(BULK_KINDS, { error: "errors.badRequest" }),
  mode: z.enum(["add", "remove"], { error: "tools.bulk.errors.mode" }).optional(),
  value: z.string({ error: VALUE_REQUIRED }).trim().min(1, { error: VALUE_REQUIRED }).max(40, { error: VALUE_REQUIRED }),
};

type ChangeInput = { kind: BulkKind; mode?: "add" | "remove"; value: string };

/** The change as the model takes it; invalid combinations are issues on the field to fix. */
function toChange(input: ChangeInput, ctx: z.RefinementCtx): BulkChange {
  const fail = (path: string, message: string) => {
    ctx.addIssue({ code: "custom", path: [path], message });
    return z.NEVER;
  };
  if (input.kind === "status") {
    return (STATUSES as readonly string[]).includes(input.value) ? { kind: "status", status: input.value as Status } : fail("value", VALUE_REQUIRED);
  }
  if (!/^-?\d{1,12}$/.test(input.value)) return fail("value", VALUE_REQUIRED);
  const id = Number(input.value);
  if (input.kind === "catalogue") return { kind: "catalogue", catalogueId: id };
  if (id <= 0) return fail("value", VALUE_REQUIRED);
  if (!input.mode) return fail("mode", "tools.bulk.errors.mode");
  return { kind: input.kind, mode: input.mode, id };
}

/** "Preview": the change, for the services the page's URL picks. */
export const BulkPreviewSchema = z.object(changeFields).transform(toChange);

/** "Apply": the previewed change and, per service, the version the preview was made from ("id:updated_at"). */
export const BulkApplySchema = z
  .object({
    ...changeFields,
    item: z
      .preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.string().regex(/^\d{1,12}:\S{1,40}$/, { error: "errors.badRequest" })))
      .pipe(z.array(z.string()).min(1, { error: "tools.bulk.errors.nothingToApply" }).max(MAX_BULK_SERVICES, { error: "errors.badRequest" })),
  })
  .transform((input, ctx) => ({
    change: toChange(input, ctx),
    items: input.item.map((entry) => {
      const at = entry.indexOf(":");
      return { id: Number(entry.slice(0, at)), version: entry.slice(at + 1) };
    }),
  }));

/** "Apply the import": the rows the preview carried (JSON, re-checked) and whether valid rows go ahead despite errors. */
export const ImportApplySchema = z.object({
  row: z
    .preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.string().max(2_000_000)))
    .pipe(z.array(z.string()).min(1, { error: "tools.import.errors.nothingToApply" }).max(20_000, { error: "errors.badRequest" })),
  applyValid: z
    .union([z.literal("on"), z.literal("1"), z.literal("")])
    .optional()
    .transform((v) => v === "on" || v === "1"),
});
