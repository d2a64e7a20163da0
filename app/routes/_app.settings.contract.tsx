import { routeHandle } from "~/i18n/namespaces";
import { useLoaderData } from "@remix-run/react";
import { contractAction, contractLoader } from "~/modules/contract/contract-page.server";
import { ContractPanel } from "~/modules/contract/ui/ContractPanel";
import { settingsEntryLoader } from "~/modules/settings/settings-page.server";

export const handle = routeHandle({ i18n: ["contract"], title: "contract.title" });

/** /settings/contract — Auftragsdatenverarbeitung (issue 16 §4); admin guard in the module; others land on their first entry. */
export const loader = settingsEntryLoader("contract", contractLoader);
export const action = contractAction;

export default function ContractRoute() {
  return <ContractPanel data={useLoaderData<typeof loader>()} />;
}
