import type { TFunction } from "i18next";
import type { LogCauser } from "../logs.server";

/** How the logs name things, in the reader's language: the history's and dashboard's labels where they exist. */

export function subjectLabel(t: TFunction, exists: (key: string) => boolean, type: string): string {
  if (exists(`dashboard.subjects.${type}`)) return t(`dashboard.subjects.${type}`);
  if (exists(`logs.subjects.${type}`)) return t(`logs.subjects.${type}`);
  return t("logs.unknownSubject", { type });
}

export function eventLabel(t: TFunction, exists: (key: string) => boolean, event: string): string {
  return exists(`history.events.${event}`) ? t(`history.events.${event}`) : t("logs.unknownEvent", { event });
}

/** The causer's name; a deleted account's recorded name is marked as such; nobody signed in is "System". */
export function causerLabel(t: TFunction, causer: LogCauser): string {
  if (causer.system || !causer.name) return t("history.system");
  return causer.deleted ? `${causer.name} ${t("logs.deletedUser")}` : causer.name;
}

/** The catalogue frame's records (issue 17): their fields have the frame's labels. */
const FRAME_SUBJECTS = new Set(["catalog_frame", "section", "paragraph", "section_table", "matrix_table"]);

/** A service's fields have the service page's labels, the frame's the frame's; everything else the shared ones. */
export function fieldLabelFor(t: TFunction, exists: (key: string) => boolean, subjectType: string) {
  return (key: string) => {
    if (subjectType === "service" && exists(`service.fields.${key}`)) return t(`service.fields.${key}`);
    if (FRAME_SUBJECTS.has(subjectType) && exists(`catalogframe.fields.${key}`)) return t(`catalogframe.fields.${key}`);
    return undefined;
  };
}
