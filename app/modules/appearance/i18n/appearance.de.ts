/** German texts of the appearance screens (issue 15). */
const appearance = {
  title: "Logo und Darstellung",
};

export default appearance;
