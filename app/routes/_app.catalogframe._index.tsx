import { frameIndexLoader } from "~/modules/catalogframe/frame-page.server";

/** /catalogframe — redirects to the current catalogue's frame (or the one picked with ?catalogue=). */
export const loader = frameIndexLoader;
