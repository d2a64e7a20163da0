import { routeHandle } from "~/i18n/namespaces";
import { factoryBaseDataAction, factoryBaseDataLoader } from "~/modules/factory/basedata-page.server";
import { BaseDataImportPage } from "~/modules/factory/ui/BaseDataImportPage";

export const handle = routeHandle({ i18n: ["basedata", "factory"], title: "factory.basedata.provider.title" });

/** /factory/provider — the template server's providers to import (admin guard; issue 18 §4). */
export const loader = factoryBaseDataLoader("provider");
export const action = factoryBaseDataAction("provider");
export default BaseDataImportPage;
