/** German texts of Auftragsdatenverarbeitung (issue 16 §4). The agreement itself is in contract-text.de.ts. */
const contract = {
  title: "Auftragsdatenverarbeitung",
  intro: "Der Vertrag über die Verarbeitung personenbezogener Daten in ServiceHub. Eine Person mit Administratorrechten akzeptiert ihn einmal für die ganze Organisation.",
  status: {
    accepted: "Der Vertrag ist akzeptiert.",
    open: "Der Vertrag ist noch nicht akzeptiert. Sie können ihn am Ende des Textes akzeptieren.",
    unknown: "Ob der Vertrag akzeptiert ist, konnte nicht ermittelt werden. Versuchen Sie es später noch einmal.",
  },
  textLabel: "Vertragstext",
  sectionHeading: "§ {{number}} {{title}}",
  paragraph: "({{number}}) {{text}}",
  acceptHeading: "Vertrag akzeptieren",
  acceptHint: "Mit „Akzeptieren“ nehmen Sie den Vertrag im Namen Ihrer Organisation an. Name und Zeitpunkt werden gespeichert.",
  name: "Name",
  nameDescription: "Ihr vollständiger Name",
  accept: "Akzeptieren",
  acceptedBy: "Akzeptiert von",
  acceptedValue: "{{name}}, {{date}} {{zone}}",
  signature: "Akzeptiert von {{name}} am {{date}} {{zone}}.",
  acceptedIcon: "Akzeptiert",
  zones: {
    cet: "MEZ",
    cest: "MESZ",
  },
  acceptedFlash: "Der Vertrag wurde akzeptiert.",
  errors: {
    nameRequired: "Sie müssen einen Namen eingeben",
    acceptFailed: "Der Vertrag konnte nicht akzeptiert werden.",
    alreadyAccepted: "Der Vertrag wurde bereits akzeptiert. Die erste Annahme bleibt bestehen.",
  },
};

export default contract;
