import { routeHandle } from "~/i18n/namespaces";
import { useLoaderData } from "@remix-run/react";
import { customerDataLoader } from "~/modules/basedata/customer-data-page.server";
import { OrganizationPanel } from "~/modules/basedata/ui/CustomerDataPage";
import { settingsEntryLoader } from "~/modules/settings/settings-page.server";

export const handle = routeHandle({ i18n: ["basedata"] });

/** /settings/organization — the customer data (/basedata/customerdata); its form posts there and returns here. */
export const loader = settingsEntryLoader("organization", customerDataLoader);

export default function OrganizationEntry() {
  return <OrganizationPanel data={useLoaderData<typeof loader>()} />;
}
