import { routeHandle } from "~/i18n/namespaces";
import { tomPdfLoader } from "~/modules/tom/tom-page.server";

export const handle = routeHandle({ i18n: ["structure", "tom", "users"] });

/** /tom.pdf — the T.O.M. document as a PDF (a resource route, any signed-in user). */
export const loader = tomPdfLoader;
