import { routeHandle } from "~/i18n/namespaces";
import { factoryBatchAction } from "~/modules/factory/import-page.server";

export const handle = routeHandle({ i18n: ["basedata", "catalogue", "factory", "service", "servicechildren", "structure", "users"] });

/** POST /factory/catalog/batch — one batch of the import dialog's form (JSON), for its progress with JS. */
export const action = factoryBatchAction;
