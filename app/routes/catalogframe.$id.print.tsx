import { routeHandle } from "~/i18n/namespaces";
import { useLoaderData } from "@remix-run/react";
import { framePrintLoader } from "~/modules/catalogframe/frame-page.server";
import { FramePrintPage } from "~/modules/catalogframe/ui/FramePrintPage";

export const handle = routeHandle({ i18n: ["catalogframe", "catalogue", "structure", "users"], title: "catalogframe.title" });

/** /catalogframe/:id/print — the cover sheet to read and print, outside the app shell (no chrome). */
export const loader = framePrintLoader;

export default function CatalogFramePrintRoute() {
  return <FramePrintPage data={useLoaderData<typeof loader>()} />;
}
