/** English texts of "My work" (issue 36 §4). */
const mywork = {
  title: "My work",
  intro: "What concerns you, across all catalogues: every row leads to where you act.",
  service: "Service",
  where: "Catalogue › Category",
  more: "The first {{shown}} of {{total}}.",
  responsible: {
    title: "Your services due for review",
    at: "Review due on",
    none: "None of your services is due for review.",
  },
  toReview: {
    title: "Waiting for your review",
    at: "In review since",
    none: "No service is waiting for review.",
  },
  drafts: {
    title: "Your drafts",
    at: "Last changed",
    none: "You have no open drafts.",
  },
  mentions: {
    title: "Mentions in open discussions",
    at: "Last mentioned",
    none: "Nobody mentioned you in an open discussion.",
  },
};
export default mywork;
