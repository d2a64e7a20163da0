import { routeHandle } from "~/i18n/namespaces";
import { factoryBaseDataPreviewLoader } from "~/modules/factory/basedata-page.server";
import { BaseDataPreview } from "~/modules/factory/ui/BaseDataPreview";

export const handle = routeHandle({ i18n: ["basedata", "factory"] });

/** /factory/kpi/:id — one template service level, over the list. */
export const loader = factoryBaseDataPreviewLoader("kpi");
export default BaseDataPreview;
