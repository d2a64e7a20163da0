import { routeHandle } from "~/i18n/namespaces";
import { subjectTranslationAction, subjectTranslationLoader } from "~/modules/translations/subject-page.server";
import { SubjectTranslationPage } from "~/modules/translations/ui/SubjectTranslationPage";

export const handle = routeHandle({ i18n: ["headlines", "masks", "service", "translations"], title: "translations.page.link" });

/** /translations/:type/:id — translations of an area, a category, a glossary term or a service level (issue 37 §1). */
export const loader = subjectTranslationLoader;
export const action = subjectTranslationAction;
export default SubjectTranslationPage;
