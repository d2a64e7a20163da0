import { z } from "zod";
import { requiredText } from "~/ui/form/fields";

/** Accepting the contract (spec 01 §5): a name, not empty once trimmed. Used by the action, the form and the model. */
export const CONTRACT_NAME_MAX = 200;

export const AcceptContractSchema = z.object({
  name: requiredText(CONTRACT_NAME_MAX, "contract.errors.nameRequired"),
});
