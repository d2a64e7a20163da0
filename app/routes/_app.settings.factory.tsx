import { routeHandle } from "~/i18n/namespaces";
import { useLoaderData } from "@remix-run/react";
import { factorySettingsAction, factorySettingsLoader } from "~/modules/factory/settings-page.server";
import { FactorySettingsPanel } from "~/modules/factory/ui/FactorySettingsPanel";
import { settingsEntryLoader } from "~/modules/settings/settings-page.server";

export const handle = routeHandle({ i18n: ["factory"] });

/** /settings/factory — the template server's address and key (admins only; issue 18 §2). */
export const loader = settingsEntryLoader("factory", factorySettingsLoader);
export const action = factorySettingsAction;

export default function FactoryEntry() {
  return <FactorySettingsPanel data={useLoaderData<typeof loader>()} />;
}
