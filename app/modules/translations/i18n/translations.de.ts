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
  change: "ändern",
  save: "Sprachen speichern",
  saved: "Inhaltssprachen gespeichert.",
  unchanged: "Nichts geändert.",
  form: "Inhaltssprachen von {{title}}",
  listLabel: "Sprachen, die Kataloge anbieten können",
  listHint: "ISO-639-1-Codes, durch Komma getrennt, z. B. de, en, fr. Sprachen, die ein Katalog schon anbietet, bleiben.",
  listSave: "Liste speichern",
  listSaved: "Sprachliste gespeichert.",
  errors: { codes: "Bitte geben Sie bekannte Sprachcodes nach ISO 639-1 ein, z. B. de, en, fr." },
};
export default translations;
