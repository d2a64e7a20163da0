import { lazy, type ComponentType } from "react";
import type { SettingsEntryKey } from "../entries";

/* eslint-disable @typescript-eslint/no-explicit-any -- each panel takes its own route's loader data */
type Panel = ComponentType<{ data: any }>;

/**
 * The panel of each entry, for the dialog over the current page: the same components the
 * /settings/<entry> routes render, loaded only when the entry is opened.
 */
export const ENTRY_PANELS: Record<SettingsEntryKey, Panel> = {
  sidebar: lazy(() => import("./SidebarPanel").then((m) => ({ default: m.SidebarPanel }))),
  tom: lazy(() => import("~/modules/tom/ui/TomPanel").then((m) => ({ default: m.TomPanel }))),
  servicearea: lazy(() => import("~/modules/appearance/ui/ServiceAreaDialog").then((m) => ({ default: m.ServiceAreaPanel }))),
  logo: lazy(() => import("~/modules/appearance/ui/AppearancePage").then((m) => ({ default: m.AppearancePanel }))),
  organization: lazy(() => import("~/modules/basedata/ui/CustomerDataPage").then((m) => ({ default: m.OrganizationPanel }))),
  headlines: lazy(() => import("~/modules/masks/ui/HeadlinesPage").then((m) => ({ default: m.HeadlinesPanel }))),
  factory: lazy(() => import("~/modules/factory/ui/FactorySettingsPanel").then((m) => ({ default: m.FactorySettingsPanel }))),
  "api-key": lazy(() => import("./ApiKeyPanel").then((m) => ({ default: m.ApiKeyPanel }))),
  "export-licence": lazy(() => import("~/modules/wordexport/ui/ExportLicencePanel").then((m) => ({ default: m.ExportLicencePanel }))),
  contract: lazy(() => import("~/modules/contract/ui/ContractPanel").then((m) => ({ default: m.ContractPanel }))),
  password: lazy(() => import("~/modules/access/ui/ChangePasswordDialog").then((m) => ({ default: m.ChangePasswordPanel }))),
  sessions: lazy(() => import("./SessionsPanel").then((m) => ({ default: m.SessionsPanel }))),
};

/** Entries whose panel needs no data from the server. */
export const WITHOUT_DATA: readonly SettingsEntryKey[] = ["password"];
