import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { i18next } from "~/i18n/i18next.server";
import { requirePermission } from "~/modules/access/policy.server";
import { getDb } from "~/server/db/db.server";
import { ValidationError } from "~/server/errors.server";
import { redirectWithFlash } from "~/server/flash.server";
import { parseForm, refuse, refusalOf } from "~/server/form.server";
import { returnPath } from "~/server/return-to.server";
import type { ContractPageData } from "./contract";
import { AcceptContractSchema } from "./contract-schema";
import { ContractAlreadyAcceptedError, acceptContract, contractStatusOrUnknown } from "./contract.server";
import contractTextDe from "./contract-text.de";
import contractTextEn from "./contract-text.en";

/** /settings/contract — the data-processing agreement and its acceptance; admin guard (spec 01 §6). */

const PAGE = "/settings/contract";

export async function contractLoader({ request }: LoaderFunctionArgs): Promise<ContractPageData> {
  await requirePermission(request, "access:admin");
  const english = (await i18next.getLocale(request)) === "en";
  return { status: await contractStatusOrUnknown(getDb()), text: english ? contractTextEn : contractTextDe };
}

export async function contractAction({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "access:admin");
  const { submission } = await parseForm(request, AcceptContractSchema);
  if (submission.status !== "success") return refuse(submission);
  try {
    await acceptContract(getDb(), submission.value.name, user);
  } catch (error) {
    if (error instanceof ValidationError) return refuse(submission, refusalOf(error));
    if (error instanceof ContractAlreadyAcceptedError) return refuse(submission, { form: "contract.errors.alreadyAccepted" }, 409);
    // Spec 01 §8: without a message of its own, a failed accept says the contract's error.
    console.error("contract could not be accepted", error);
    return refuse(submission, { form: "contract.errors.acceptFailed" }, 500);
  }
  return redirectWithFlash(request, returnPath(request, PAGE), { kind: "success", message: "contract.acceptedFlash" });
}
