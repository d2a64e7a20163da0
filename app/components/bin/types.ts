import type { FieldErrors } from "~/lib/forms";

/** What a lifecycle dialog's action answers when it does not redirect: i18n keys per field. */
export type LifecycleActionData = { errors: FieldErrors; values?: { categoryId?: string } };
