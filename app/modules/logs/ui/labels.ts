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

/**
 * A record's name where it has none of its own: a setting by what it sets, an API key by its shown
 * prefix, anything else by its number. Never a stored key ("export_active") on screen.
 */
export function unnamedSubject(t: TFunction, exists: (key: string) => boolean, type: string, id: string): string {
  if (type === "setting") return exists(`logs.settingNames.${id}`) ? t(`logs.settingNames.${id}`) : t("logs.settingUnknown");
  if (type === "api_key") return t("logs.apiKeyName", { prefix: id });
  return /^\d+$/.test(id) ? t("logs.unnamed", { id }) : t("logs.unnamedRecord");
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
