import type dashboardDe from "./dashboard.de";

const dashboard: typeof dashboardDe = {
  emptyCatalogue: "This catalogue has no services yet.",
  emptyCatalogueHint: "Create the first service; the figures fill in by themselves.",
  emptyCatalogueReaderHint: "Choose another catalogue, or ask a keyuser to create services.",
  createService: "Create service",
  otherCatalogue: "Choose another catalogue",
  title: "Dashboard",
  welcome: "Welcome, {{name}}",
  intro: "Key figures about your service catalogue will appear here soon.",
  byStatus: "Services by status",
  byType: "Services by type",
  gaps: "Gaps",
  withoutOwner: "without service owner",
  withoutKpi: "without service level",
  latestChanges: "Latest changes",
  release: "You are reading release {{label}} of {{date}}.",
  openRelease: "To the catalogue",
  subjects: {
    service: "Service",
    area: "Area",
    category: "Category",
    catalogue: "Catalogue",
    owner: "Service owner",
    kpi: "Service level",
    provider: "Provider",
    tag: "Tag",
    term_definition: "Glossary",
  },
  unauthorizedTitle: "Unauthorized",
};
export default dashboard;
