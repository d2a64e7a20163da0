import { sectionDialogAction, sectionDialogLoader } from "~/modules/catalogframe/section-page.server";
import { SectionDialog } from "~/modules/catalogframe/ui/SectionDialogs";

/** /catalogframe/:id/section/new and /section/:section — a section of the frame. */
export const loader = sectionDialogLoader;
export const action = sectionDialogAction;
export default SectionDialog;
