/** The service-attribute form's choices and limits, without zod: the form shows them, the schema checks them (decision 0063). */

export const ATTRIBUTE_TYPES = ["text", "dropdown"] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** The ten dropdown slots, by the word the database stores as a service's choice (spec: "one" … "ten"). */
export const SLOT_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"] as const;
export type SlotWord = (typeof SLOT_WORDS)[number];
export const MAX_SLOTS = SLOT_WORDS.length;

/**
 * What the database stores for an attribute without a headline (spec 01 §3's default). A stored
 * value, not a text: screens show it as "no headline" in the reader's language (issue 32 §8).
 */
export const DEFAULT_HEADLINE = "No Headline Data";

export const DESIGNATION_MAX = 255;
export const HEADLINE_MAX = 255;
export const DETAILS_MAX = 2000;
export const SLOT_VALUE_MAX = 255;
export const POSITION_MAX = 9999;

/** The slot's number (1–10) as people count. */
export const slotNumber = (word: SlotWord) => SLOT_WORDS.indexOf(word) + 1;
