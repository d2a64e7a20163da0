/** Longest name of a saved view (no zod: the dialog shows it; decision 0063). */
export const VIEW_NAME_MAX = 120;
