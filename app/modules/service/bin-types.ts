import type { FieldErrors } from "~/ui/forms";

/** What a lifecycle dialog's action answers when it does not redirect: i18n keys per field. */
export type LifecycleActionData = { errors: FieldErrors; values?: { categoryId?: string } };
