import { routeHandle } from "~/i18n/namespaces";
import { frameIndexLoader } from "~/modules/catalogframe/frame-page.server";

export const handle = routeHandle({ i18n: ["catalogframe", "structure"] });

/** /catalogframe — redirects to the current catalogue's frame (or the one picked with ?catalogue=). */
export const loader = frameIndexLoader;
