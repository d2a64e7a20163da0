import type slaDe from "./sla.de";

/** English texts of the SLA overview. */
const sla: typeof slaDe = {
  title: "SLA overview",
  intro: "Which service levels apply to which services, with definition, calculation and measuring points, grouped by service provider.",
  filter: {
    label: "Filter the SLA overview",
    catalogue: "Catalogue",
    allCatalogues: "All catalogues",
    provider: "Service provider",
    anyProvider: "All service providers",
    noProvider: "Without service provider",
    kpi: "Service level",
    anyKpi: "All service levels",
    stage: "Lifecycle",
    anyStage: "All",
    q: "Search",
    qPlaceholder: "Name, description … (\"exact name\" in quotes)",
    apply: "Filter",
    reset: "Reset",
  },
  errors: {
    invalid: "Invalid choice; this filter is not applied.",
    catalogue: "This catalogue does not exist. Your current catalogue is shown.",
    tooLong: "At most 200 characters; the search is not applied.",
  },
  print: "Print (A4 landscape)",
  printHint: "Use the browser's print function (Ctrl+P) to print; the page is set up for A4 landscape.",
  entries_one: "{{count}} service entry",
  entries_other: "{{count}} service entries",
  withoutLevel_one: "{{count}} service of this selection has no service level.",
  withoutLevel_other: "{{count}} services of this selection have no service level.",
  showWithoutLevel: "Show in the service catalogue",
  empty: "No services with a service level for this selection.",
  emptyHint: "Service levels are assigned on the service page; the filters above narrow the selection.",
  noProvider: "Without service provider",
  printedOn: "As of {{date}}",
  columns: {
    service: "Service",
    level: "Service level",
    definition: "Definition",
    calculation: "Calculation",
    measuringPoints: "Measuring points",
  },
  noCategory: "no category",
  pages: "Pages of the SLA overview",
};

export default sla;
