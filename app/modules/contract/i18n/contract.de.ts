/** German texts of Auftragsdatenverarbeitung (issue 16 §4). */
const contract = {
  title: "TODO",
};

export default contract;
