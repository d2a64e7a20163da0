/** German texts of the masks screens (issue 15). */
const masks = {
  title: "Attributmasken",
};

export default masks;
