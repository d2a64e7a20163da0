/** Limits of an area's or a category's fields, without zod: the form shows them, the schema checks them (decision 0063). */
export const NAME_MAX = 255;
export const DESCRIPTION_MAX = 20_000;
