import { routeHandle } from "~/i18n/namespaces";
import { useLoaderData } from "@remix-run/react";
import { masksLoader } from "~/modules/masks/masks-page.server";
import { MasksPage } from "~/modules/masks/ui/MasksPage";

export const handle = routeHandle({ i18n: ["headlines", "masks"], title: "masks.title" });

/** /admin/attributemasks — the attribute masks (admin guard); the delete confirmation nests here. */
export const loader = masksLoader;

export default function MasksRoute() {
  const data = useLoaderData<typeof loader>();
  return <MasksPage {...data} />;
}
