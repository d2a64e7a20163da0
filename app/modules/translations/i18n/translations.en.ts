/** English texts of content languages (issue 37). */
const translations = {
  switch: "Content language",
  primary: "original",
  notTranslated: "not translated",
  originalShown: "not translated – original in {{language}}",
  outdated: "Translation outdated",
  sourceChanged: "The original text changed since the translation was written:",
  languages: "Content languages",
  primaryLabel: "Original language",
  furtherLabel: "Further languages",
  change: "change",
  save: "Save languages",
  saved: "Content languages saved.",
  unchanged: "Nothing changed.",
  form: "Content languages of {{title}}",
  listLabel: "Languages catalogues may offer",
  listHint: "ISO 639-1 codes separated by commas, e.g. de, en, fr. Languages a catalogue already offers stay.",
  listSave: "Save list",
  listSaved: "Language list saved.",
  errors: { codes: "Please enter known ISO 639-1 language codes, e.g. de, en, fr." },
};
export default translations;
