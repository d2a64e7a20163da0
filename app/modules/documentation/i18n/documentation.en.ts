import type documentationDe from "./documentation.de";

/** English texts around the user guide; the guide itself is Markdown in docs/guide/en. */
const documentation: typeof documentationDe = {
  title: "Documentation",
  intro: "The ServiceHub user guide: from signing in for the first time to import, export and the AI assistant.",
  chapters: "Chapters",
  chapterNumber: "Chapter {{number}}",
  pager: "Turn the page",
  aboutViews: "More about views in the documentation",
};

export default documentation;
