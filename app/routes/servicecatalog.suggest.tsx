import { suggestLoader } from "~/modules/catalogue/suggest-page.server";

export const loader = suggestLoader;
