import { routeHandle } from "~/i18n/namespaces";
import { useLoaderData } from "@remix-run/react";
import { creditsLoader } from "~/modules/credits/credits-page.server";
import { CreditsPanel } from "~/modules/credits/ui/CreditsPage";

export const handle = routeHandle({ i18n: ["ai", "basedata", "credits"], title: "credits.title" });

/** /credits — credit usage and orders (keyuser and above; docs/decisions/0033-credits.md). */
export const loader = creditsLoader;

export default function CreditsRoute() {
  return <CreditsPanel data={useLoaderData<typeof loader>()} />;
}
