import type supportDe from "./support.de";

/** English texts of support tickets; the success text verbatim from spec 01 §8. */
const support: typeof supportDe = {
  intro: "Describe what you need. The support team answers to your e-mail address.",
  message: "Message",
  send: "Send",
  sent: "Support ticket submitted successfully!",
  messageEmpty: "Please write a message.",
  messageTooLong: "The message is too long.",
  mailIntro: "Support ticket from {{name}} <{{email}}> via {{host}}",
  tickets: {
    title: "Support tickets",
    intro: "All support tickets, newest first. Every ticket is stored and mailed to the support address.",
    empty: "No support tickets yet.",
    emptyHint: "Users write tickets with the support button in the top bar.",
    from: "From",
    sentOn: "Submitted on",
    host: "Host",
    subject: "Subject",
    mail: "Mail",
    mailed: "Mailed on {{date}}",
    mailFailed: "Not mailed: {{error}}",
    mailPending: "Not mailed yet",
    unaddressed: "Not mailed: no support address is set up",
    noAddressTitle: "Tickets are not mailed",
    noAddress: "No support address is set up. Tickets are only stored here. Put the address into the server configuration as SUPPORT_EMAIL and every new ticket is mailed there too.",
    deletedUser: "(account deleted)",
    list: "Support tickets",
  },
};

export default support;
