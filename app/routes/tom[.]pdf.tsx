import { tomPdfLoader } from "~/modules/tom/tom-page.server";

/** /tom.pdf — the T.O.M. document as a PDF (a resource route, any signed-in user). */
export const loader = tomPdfLoader;
