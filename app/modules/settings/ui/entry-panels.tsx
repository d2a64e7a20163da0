import type { ComponentType } from "react";
import { lazyWithTexts } from "~/i18n/namespaces";
import type { SettingsEntryKey } from "../entries";

/* eslint-disable @typescript-eslint/no-explicit-any -- each panel takes its own route's loader data */
type Panel = ComponentType<{ data: any }>;

/**
 * The panel of each entry, for the dialog over the current page: the same components the
 * /settings/<entry> routes render, loaded only when the entry is opened, with their texts.
 */
export const ENTRY_PANELS: Record<SettingsEntryKey, Panel> = {
  sidebar: lazyWithTexts(["settings"], () => import("./SidebarPanel").then((m) => ({ default: m.SidebarPanel }))),
  tom: lazyWithTexts(["tom"], () => import("~/modules/tom/ui/TomPanel").then((m) => ({ default: m.TomPanel }))),
  servicearea: lazyWithTexts(["appearance"], () => import("~/modules/appearance/ui/ServiceAreaDialog").then((m) => ({ default: m.ServiceAreaPanel }))),
  logo: lazyWithTexts(["appearance"], () => import("~/modules/appearance/ui/AppearancePage").then((m) => ({ default: m.AppearancePanel }))),
  organization: lazyWithTexts(["basedata"], () => import("~/modules/basedata/ui/CustomerDataPage").then((m) => ({ default: m.OrganizationPanel }))),
  headlines: lazyWithTexts(["headlines", "service"], () => import("~/modules/masks/ui/HeadlinesPage").then((m) => ({ default: m.HeadlinesPanel }))),
  factory: lazyWithTexts(["factory"], () => import("~/modules/factory/ui/FactorySettingsPanel").then((m) => ({ default: m.FactorySettingsPanel }))),
  "api-key": lazyWithTexts(["sessions"], () => import("./ApiKeyPanel").then((m) => ({ default: m.ApiKeyPanel }))),
  "export-licence": lazyWithTexts(["wordexport"], () => import("~/modules/wordexport/ui/ExportLicencePanel").then((m) => ({ default: m.ExportLicencePanel }))),
  contract: lazyWithTexts(["contract"], () => import("~/modules/contract/ui/ContractPanel").then((m) => ({ default: m.ContractPanel }))),
  password: lazyWithTexts(["auth"], () => import("~/modules/access/ui/ChangePasswordDialog").then((m) => ({ default: m.ChangePasswordPanel }))),
  sessions: lazyWithTexts(["sessions"], () => import("./SessionsPanel").then((m) => ({ default: m.SessionsPanel }))),
  notifications: lazyWithTexts(["notifications"], () => import("~/modules/notifications/ui/NotificationPrefsPanel").then((m) => ({ default: m.NotificationPrefsPanel }))),
};

/** Entries whose panel needs no data from the server. */
export const WITHOUT_DATA: readonly SettingsEntryKey[] = ["password"];
