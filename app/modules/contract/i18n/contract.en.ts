import type contractDe from "./contract.de";

const contract: typeof contractDe = {
  title: "Data processing agreement",
  intro: "The contract on the processing of personal data in ServiceHub. A person with admin rights accepts it once for the whole organisation.",
  status: {
    accepted: "The contract has been accepted.",
    open: "The contract has not been accepted yet. You can accept it at the end of the text.",
    unknown: "Whether the contract has been accepted could not be determined. Please try again later.",
  },
  textLabel: "Text of the contract",
  sectionHeading: "{{number}}. {{title}}",
  paragraph: "({{number}}) {{text}}",
  acceptHeading: "Accept the contract",
  acceptHint: "By choosing “Accept” you enter into the contract on behalf of your organisation. Your name and the time are stored.",
  name: "Name",
  nameDescription: "Your full name",
  accept: "Accept",
  acceptedBy: "Accepted by",
  acceptedValue: "{{name}}, {{date}} {{zone}}",
  signature: "Accepted by {{name}} on {{date}} {{zone}}.",
  acceptedIcon: "Accepted",
  zones: {
    cet: "CET",
    cest: "CEST",
  },
  acceptedFlash: "The contract has been accepted.",
  errors: {
    nameRequired: "You must enter a name",
    acceptFailed: "The contract could not be accepted.",
    alreadyAccepted: "The contract has already been accepted. The first acceptance stays.",
  },
};

export default contract;
