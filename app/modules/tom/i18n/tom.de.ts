/** German texts of T.O.M. (issue 16 §5). */
const tom = {
  title: "T.O.M.",
  intro: "Die technischen und organisatorischen Maßnahmen des Anbieters nach Art. 32 DSGVO: wie ServiceHub die Daten Ihrer Organisation schützt.",
  viewerTitle: "T.O.M. – Technische und organisatorische Maßnahmen (PDF)",
  fullScreen: "Im Vollbild öffnen",
  download: "PDF herunterladen",
  fallback: "Wird das Dokument hier nicht angezeigt, laden Sie es herunter:",
  replace: {
    heading: "Dokument ersetzen",
    currentGenerated: "Angezeigt wird das von ServiceHub erzeugte Dokument ({{size}}, Stand {{date}}).",
    currentUploaded: "Angezeigt wird ein hochgeladenes Dokument ({{size}}, Stand {{date}}).",
    file: "PDF-Datei",
    fileHint: "Nur PDF-Dateien, höchstens {{max}}. Die Datei ersetzt das Dokument für alle Benutzer.",
    upload: "Hochladen",
    restore: "Erzeugtes Dokument wiederherstellen",
    restoreHint: "Ersetzt das hochgeladene Dokument wieder durch das von ServiceHub erzeugte.",
  },
  flash: {
    uploaded: "Das T.O.M.-Dokument wurde ersetzt.",
    restored: "Das erzeugte T.O.M.-Dokument wurde wiederhergestellt.",
  },
  errors: {
    fileRequired: "Es muss eine PDF-Datei ausgewählt werden.",
    fileTooLarge: "Die Datei ist zu groß (höchstens {{max}}).",
    fileType: "Nur PDF-Dateien sind erlaubt.",
    fileMalformed: "Die Datei konnte nicht gelesen werden. Bitte versuchen Sie es erneut.",
    uploadFailed: "Fehler beim Hochladen des T.O.M.-Dokuments",
    restoreFailed: "Fehler beim Wiederherstellen des T.O.M.-Dokuments",
    loadFailed: "Das T.O.M.-Dokument konnte nicht geladen werden.",
  },
};

export default tom;
