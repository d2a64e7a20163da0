import { routeHandle } from "~/i18n/namespaces";
import { factoryImportAction, factoryImportLoader } from "~/modules/factory/import-page.server";
import { ImportDialog } from "~/modules/factory/ui/ImportDialog";

export const handle = routeHandle({ i18n: ["basedata", "factory", "history", "service"], title: "factory.import.title" });

/** /factory/catalog/import — the import dialog: the list's selection, target catalogue, category mapping, the import and its report. */
export const loader = factoryImportLoader;
export const action = factoryImportAction;
export default ImportDialog;
