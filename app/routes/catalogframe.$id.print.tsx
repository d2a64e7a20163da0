import { useLoaderData } from "@remix-run/react";
import { framePrintLoader } from "~/modules/catalogframe/frame-page.server";
import { FramePrintPage } from "~/modules/catalogframe/ui/FramePrintPage";

/** /catalogframe/:id/print — the cover sheet to read and print, outside the app shell (no chrome). */
export const loader = framePrintLoader;

export default function CatalogFramePrintRoute() {
  return <FramePrintPage data={useLoaderData<typeof loader>()} />;
}
