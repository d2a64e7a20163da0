import { settingsIndexLoader } from "~/modules/settings/settings-page.server";

export const loader = settingsIndexLoader;
