/** Lengths of the release forms' fields: the dialogs use them without pulling zod into the browser. */
export const LABEL_MAX = 60;
export const NOTE_MAX = 50_000;
export const REASON_MAX = 500;
export const LINK_LABEL_MAX = 100;
