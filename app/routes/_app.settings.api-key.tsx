import { useLoaderData } from "@remix-run/react";
import { apiKeyAction, apiKeyLoader } from "~/modules/settings/api-key-page.server";
import { settingsEntryLoader } from "~/modules/settings/settings-page.server";
import { ApiKeyPanel } from "~/modules/settings/ui/ApiKeyPanel";

/** /settings/api-key — admins only (spec 01 §2: the Api-Key entry). */
export const loader = settingsEntryLoader("api-key", apiKeyLoader);
export const action = apiKeyAction;

export default function ApiKeyEntry() {
  return <ApiKeyPanel data={useLoaderData<typeof loader>()} />;
}
