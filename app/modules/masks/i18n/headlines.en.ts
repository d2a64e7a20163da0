import type headlinesDe from "./headlines.de";

const headlines: typeof headlinesDe = {
  title: "Service headlines",
  intro:
    "The headings of the eleven sections of every service page and of its jump-to navigation. Without a custom text every reader sees the built-in heading in their language; a custom text appears as written here, in both languages.",
  rowLabel: "Headline at position {{position}}",
  position: "Position {{position}}",
  initial: "Initial text",
  custom: "Custom text",
  customShown: "Shown like this on every service page, in both languages.",
  builtInShown: "Empty: readers see the built-in heading, in English “{{text}}”.",
  save: "Save",
  reset: "Reset",
  resetLabel: "Reset position {{position}} to the initial text",
  saved: "Headline at position {{position}} saved",
  resetDone: "Position {{position}} shows the built-in heading again",
  unchanged: "No changes",
  stale: "The headline has been changed in the meantime. Please reload the page.",
  errors: {
    position: "This position does not exist.",
  },
};

export default headlines;
