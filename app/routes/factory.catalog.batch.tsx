import { factoryBatchAction } from "~/modules/factory/import-page.server";

/** POST /factory/catalog/batch — one batch of the import dialog's form (JSON), for its progress with JS. */
export const action = factoryBatchAction;
