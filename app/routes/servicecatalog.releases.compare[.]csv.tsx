import { compareCsvLoader } from "~/modules/releases/compare-page.server";

/** /servicecatalog/releases/compare.csv?from=&to=&… — the comparison as a spreadsheet. */
export const loader = compareCsvLoader;
