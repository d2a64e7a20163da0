/** German texts of content languages (issue 37). */
const translations = {
  switch: "Inhaltssprache",
  primary: "Original",
  notTranslated: "nicht übersetzt",
  originalShown: "nicht übersetzt – Original auf {{language}}",
  outdated: "Übersetzung veraltet",
  sourceChanged: "Der Originaltext hat sich seit der Übersetzung geändert:",
  languages: "Inhaltssprachen",
  primaryLabel: "Originalsprache",
  furtherLabel: "Weitere Sprachen",
  save: "Sprachen speichern",
  saved: "Inhaltssprachen gespeichert.",
  unchanged: "Nichts geändert.",
  form: "Inhaltssprachen von {{title}}",
};
export default translations;
