import { routeHandle } from "~/i18n/namespaces";
import { useLoaderData } from "@remix-run/react";
import { framePageAction, framePageLoader } from "~/modules/catalogframe/frame-page.server";
import { FramePage } from "~/modules/catalogframe/ui/FramePage";

export const handle = routeHandle({ i18n: ["catalogframe", "service", "structure"], title: "catalogframe.title" });

/** /catalogframe/static and /catalogframe/:id — a catalogue's cover sheet; its dialogs nest here. */
export const loader = framePageLoader;
export const action = framePageAction;

export default function CatalogFrameRoute() {
  return <FramePage data={useLoaderData<typeof loader>()} />;
}
