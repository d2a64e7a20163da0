/** German texts of "Meine Arbeit" (issue 36 §4). */
const mywork = {
  title: "Meine Arbeit",
  intro: "Was Sie betrifft, über alle Kataloge: jede Zeile führt dorthin, wo Sie handeln.",
  service: "Service",
  where: "Katalog › Kategorie",
  more: "Die ersten {{shown}} von {{total}}.",
  responsible: {
    title: "Ihre Services mit fälliger Prüfung",
    at: "Prüfung fällig am",
    none: "Keiner Ihrer Services ist zur Prüfung fällig.",
  },
  toReview: {
    title: "Warten auf Ihre Prüfung",
    at: "Zur Prüfung seit",
    none: "Kein Service wartet auf Prüfung.",
  },
  drafts: {
    title: "Ihre Entwürfe",
    at: "Zuletzt geändert",
    none: "Sie haben keine offenen Entwürfe.",
  },
  mentions: {
    title: "Erwähnungen in offenen Diskussionen",
    at: "Zuletzt erwähnt",
    none: "Niemand hat Sie in einer offenen Diskussion erwähnt.",
  },
};
export default mywork;
