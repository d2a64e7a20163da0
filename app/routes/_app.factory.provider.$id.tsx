import { factoryBaseDataPreviewLoader } from "~/modules/factory/basedata-page.server";
import { BaseDataPreview } from "~/modules/factory/ui/BaseDataPreview";

/** /factory/provider/:id — one template provider, over the list. */
export const loader = factoryBaseDataPreviewLoader("provider");
export default BaseDataPreview;
