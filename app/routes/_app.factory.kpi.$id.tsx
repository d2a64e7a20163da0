import { factoryBaseDataPreviewLoader } from "~/modules/factory/basedata-page.server";
import { BaseDataPreview } from "~/modules/factory/ui/BaseDataPreview";

/** /factory/kpi/:id — one template service level, over the list. */
export const loader = factoryBaseDataPreviewLoader("kpi");
export default BaseDataPreview;
