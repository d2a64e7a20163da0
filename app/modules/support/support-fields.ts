/** The support form's field and its limit (no zod: the form shows them; decision 0063). */
export const SUPPORT_MESSAGE_MAX = 100_000;

/** The field's name: the editor's hidden input and the textarea without JS post under it. */
export const SUPPORT_FIELD = "message";
