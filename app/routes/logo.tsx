import { logoLoader } from "~/modules/appearance/appearance-page.server";

/** /logo — the organisation's logo (a resource route, public: the sign-in page shows it). */
export const loader = logoLoader;
