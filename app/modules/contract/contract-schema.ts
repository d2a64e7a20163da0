import { z } from "zod";
import { requiredText } from "~/ui/form/fields";
import { CONTRACT_NAME_MAX } from "./contract-limits";

export { CONTRACT_NAME_MAX } from "./contract-limits";

/** Accepting the contract (spec 01 §5): a name, not empty once trimmed. Used by the action and the model; the form is typed by it. */

export const AcceptContractSchema = z.object({
  name: requiredText(CONTRACT_NAME_MAX, "contract.errors.nameRequired"),
});
