import type { FormAnswer } from "~/lib/form-answer";

/** What a lifecycle dialog's action answers when it does not redirect: the form pipeline's refusal. */
export type LifecycleActionData = FormAnswer;
