import { routeHandle } from "~/i18n/namespaces";
import { suggestLoader } from "~/modules/catalogue/suggest-page.server";
import { releaseSuggestionsFirst } from "~/modules/releases/customer-reads.server";

export const handle = routeHandle({ i18n: ["catalogue", "users"] });

export const loader = releaseSuggestionsFirst(suggestLoader);
