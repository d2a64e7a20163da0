import type settingsDe from "./settings.de";

const settings: typeof settingsDe = {
  entriesLabel: "Settings sections",
  sidebarIntro: "How the left side menu appears in this browser.",
  entries: {
    sidebar: "Sidebar",
    tom: "T.O.M.",
    servicearea: "Service area",
    logo: "Logo/App bar",
    organization: "Organization",
    headlines: "Service headlines",
    factory: "Template server",
    "api-key": "API key",
    "export-licence": "Word export licence",
    contract: "Data processing agreement",
    password: "Change password",
    notifications: "Notifications",
    sessions: "Signed-in devices",
  },
  sidebar: "Sidebar",
  expandOnHover: "Toggle Expand on Hover",
  showWholeDrawer: "Show Whole Left Drawer",
  saved: "Settings saved",
  account: "Account",
};
export default settings;
