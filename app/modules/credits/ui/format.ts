/** Whole numbers in the reader's language: the shared helper (also used by the reports). */
export { useNumber } from "~/ui/number-format";
