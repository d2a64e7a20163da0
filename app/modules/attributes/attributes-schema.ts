import { z } from "zod";
import { optionalText, requiredText } from "~/ui/form/fields";
import { ATTRIBUTE_TYPES, DESIGNATION_MAX, DETAILS_MAX, HEADLINE_MAX, MAX_SLOTS, POSITION_MAX, SLOT_VALUE_MAX, type AttributeType, type SlotWord } from "./attributes-limits";

export {
  ATTRIBUTE_TYPES,
  DEFAULT_HEADLINE,
  DESIGNATION_MAX,
  DETAILS_MAX,
  HEADLINE_MAX,
  MAX_SLOTS,
  POSITION_MAX,
  SLOT_VALUE_MAX,
  SLOT_WORDS,
  slotNumber,
  type AttributeType,
  type SlotWord,
} from "./attributes-limits";

/**
 * The service-attribute form (issue 15 §1): one schema for the action and the model's own check;
 * the form is typed by it (decision 0063). Client-safe (no server imports). Messages are i18n keys.
 */

const countError = "attributes.errors.count";
const positionError = "attributes.errors.position";

const slot = z.object({
  value: optionalText(SLOT_VALUE_MAX),
  active: z.boolean().optional(),
});

export const AttributeSchema = z
  .object({
    designation: requiredText(DESIGNATION_MAX),
    type: z.enum(ATTRIBUTE_TYPES, { error: "attributes.errors.type" }),
    /** Only read for a dropdown: how many of the ten slots it uses. */
    dropdown_count: z.number({ error: countError }).int({ error: countError }).min(1, { error: countError }).max(MAX_SLOTS, { error: countError }).optional(),
    active: z.boolean().optional(),
    headline: optionalText(HEADLINE_MAX),
    /** Empty: a new attribute goes to the end of the list, an edited one keeps its place. */
    position: z.number({ error: positionError }).int({ error: positionError }).min(0, { error: positionError }).max(POSITION_MAX, { error: positionError }).optional(),
    details: optionalText(DETAILS_MAX),
    slots: z.array(slot).max(MAX_SLOTS).optional(),
    /** The edit form's `updated_at` as loaded: a save over someone else's is refused. */
    updated_at: z.string().max(40).optional(),
    /** The second submit of a change that affects stored values: the fingerprint of the change confirmed. */
    confirm: z.string().max(500).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.type !== "dropdown") return;
    if (v.dropdown_count === undefined) {
      ctx.addIssue({ code: "custom", path: ["dropdown_count"], message: countError });
      return;
    }
    // The refinement runs even when the count broke its bounds (zod keeps going after `max`): never
    // loop past the ten slots, or a count like 1e23 would add issues until the process runs out of memory.
    for (let i = 0; i < Math.min(v.dropdown_count, MAX_SLOTS); i++) {
      if (!v.slots?.[i]?.value) ctx.addIssue({ code: "custom", path: ["slots", i, "value"], message: "validation.required" });
    }
  });

export type AttributeInput = z.output<typeof AttributeSchema>;

/** The list's up/down buttons. */
export const MoveSchema = z.object({
  intent: z.literal("move"),
  id: z.number().int().positive(),
  direction: z.enum(["up", "down"]),
});

/** One slot as the admin screens show it. */
export interface SlotView {
  word: SlotWord;
  value: string | null;
  active: boolean;
}

/** What a change would do to values services hold; the page lists it and asks to confirm. */
export interface AttributeImpact {
  /** Sent back as `confirm` by the confirming submit; a different impact asks again. */
  fingerprint: string;
  /** Services whose value is affected (at most 20, by name), and how many there are in all. */
  services: { id: number; name: string }[];
  total: number;
  /** The type changes: every value of the old type goes. */
  typeChange: { from: AttributeType; to: AttributeType; count: number } | null;
  /** Slots beyond the new count that services chose: those choices are deleted. */
  removed: { word: SlotWord; value: string | null; count: number }[];
  /** Slots switched off that services chose: the choices stay stored, hidden. */
  deactivated: { word: SlotWord; value: string | null; count: number }[];
}

/** Serialisable shape of the refusal's `meta` on the edit page. */
export interface AttributeAnswerMeta {
  impact?: AttributeImpact;
}
