/** German texts of the headlines screens (issue 15). */
const headlines = {
  title: "Serviceüberschriften",
  intro:
    "Die Überschriften der elf Abschnitte jeder Service-Seite und ihrer Sprungnavigation. Ohne eigenen Text sieht jeder Leser die eingebaute Überschrift in seiner Sprache; ein eigener Text erscheint so, wie er hier steht, in beiden Sprachen.",
  rowLabel: "Überschrift an Position {{position}}",
  position: "Position {{position}}",
  initial: "Anfangstext",
  custom: "Eigener Text",
  customShown: "Wird auf allen Service-Seiten in beiden Sprachen so angezeigt.",
  builtInShown: "Leer: Leser sehen die eingebaute Überschrift, auf Deutsch „{{text}}“.",
  save: "Speichern",
  reset: "Zurücksetzen",
  resetLabel: "Position {{position}} auf den Anfangstext zurücksetzen",
  saved: "Überschrift an Position {{position}} gespeichert",
  resetDone: "Position {{position}} zeigt wieder die eingebaute Überschrift",
  unchanged: "Keine Änderungen",
  stale: "Die Überschrift wurde inzwischen geändert. Bitte laden Sie die Seite neu.",
  errors: {
    position: "Diese Position gibt es nicht.",
  },
};

export default headlines;
