/** German texts of the headlines screens (issue 15). */
const headlines = {
  title: "Serviceüberschriften",
};

export default headlines;
