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
  save: "Save languages",
  saved: "Content languages saved.",
  unchanged: "Nothing changed.",
  form: "Content languages of {{title}}",
};
export default translations;
