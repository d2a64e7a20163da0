// Texts around the user guide (/documentation); the guide itself is Markdown in docs/guide/de.
const documentation = {
  title: "Dokumentation",
  intro: "Das Benutzerhandbuch von ServiceHub: vom ersten Anmelden bis zu Import, Export und KI-Assistent.",
  chapters: "Kapitel",
  chapterNumber: "Kapitel {{number}}",
  pager: "Weiterblättern",
  aboutViews: "Mehr über Ansichten in der Dokumentation",
};

export default documentation;
