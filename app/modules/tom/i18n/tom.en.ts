import type tomDe from "./tom.de";

const tom: typeof tomDe = {
  title: "T.O.M.",
  intro: "The provider's technical and organisational measures under Art. 32 GDPR: how ServiceHub protects your organisation's data.",
  viewerTitle: "T.O.M. – technical and organisational measures (PDF)",
  fullScreen: "Open full screen",
  download: "Download PDF",
  fallback: "If the document does not show here, download it:",
  replace: {
    heading: "Replace the document",
    currentGenerated: "Shown is the document ServiceHub generated ({{size}}, as of {{date}}).",
    currentUploaded: "Shown is an uploaded document ({{size}}, as of {{date}}).",
    file: "PDF file",
    fileHint: "PDF files only, at most {{max}}. The file replaces the document for all users.",
    upload: "Upload",
    restore: "Restore the generated document",
    restoreHint: "Replaces the uploaded document with the one ServiceHub generates again.",
  },
  flash: {
    uploaded: "The T.O.M. document was replaced.",
    restored: "The generated T.O.M. document was restored.",
  },
  errors: {
    fileRequired: "Please choose a PDF file.",
    fileTooLarge: "The file is too large (at most {{max}}).",
    fileType: "Only PDF files are allowed.",
    fileMalformed: "The file could not be read. Please try again.",
    uploadFailed: "Failed to upload the T.O.M. document",
    restoreFailed: "Failed to restore the T.O.M. document",
    loadFailed: "The T.O.M. document could not be loaded.",
  },
};

export default tom;
