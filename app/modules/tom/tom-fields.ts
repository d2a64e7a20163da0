/** The names the panel's forms use, so the action's refusals land beside the right field (no zod; decision 0063). */
export const TOM_FIELDS = { file: "file" } as const;
