import { routeHandle } from "~/i18n/namespaces";
import { factoryBaseDataAction, factoryBaseDataLoader } from "~/modules/factory/basedata-page.server";
import { BaseDataImportPage } from "~/modules/factory/ui/BaseDataImportPage";

export const handle = routeHandle({ i18n: ["basedata", "factory"], title: "factory.basedata.kpi.title" });

/** /factory/kpi — the template server's service levels to import (admin guard; issue 18 §4). */
export const loader = factoryBaseDataLoader("kpi");
export const action = factoryBaseDataAction("kpi");
export default BaseDataImportPage;
