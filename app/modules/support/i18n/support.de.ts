/** German texts of support tickets (issue 16 §6). Success text verbatim from spec 01 §8. */
const support = {
  intro: "Beschreiben Sie Ihr Anliegen. Das Support-Team antwortet an Ihre E-Mail-Adresse.",
  message: "Nachricht",
  send: "Senden",
  sent: "Support-Ticket erfolgreich eingereicht!",
  messageEmpty: "Bitte schreiben Sie eine Nachricht.",
  messageTooLong: "Die Nachricht ist zu lang.",
  mailIntro: "Support-Ticket von {{name}} <{{email}}> über {{host}}",
  tickets: {
    title: "Support-Tickets",
    intro: "Alle Support-Tickets, die neuesten zuerst. Jedes Ticket wird gespeichert und an die Support-Adresse gemailt.",
    empty: "Noch keine Support-Tickets.",
    emptyHint: "Tickets schreiben Benutzer über den Support-Knopf oben in der Leiste.",
    from: "Von",
    sentOn: "Eingereicht am",
    host: "Host",
    subject: "Betreff",
    mail: "Mail",
    mailed: "Gemailt am {{date}}",
    mailFailed: "Nicht gemailt: {{error}}",
    mailPending: "Noch nicht gemailt",
    unaddressed: "Nicht gemailt: keine Support-Adresse eingerichtet",
    noAddressTitle: "Tickets werden nicht gemailt",
    noAddress: "Es ist keine Support-Adresse eingerichtet. Tickets werden nur hier gespeichert. Tragen Sie die Adresse als SUPPORT_EMAIL in die Server-Konfiguration ein, dann wird jedes neue Ticket auch dorthin gemailt.",
    deletedUser: "(Konto gelöscht)",
    list: "Support-Tickets",
  },
};

export default support;
