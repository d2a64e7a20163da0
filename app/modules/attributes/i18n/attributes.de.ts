/** German texts of the attributes screens (issue 15). */
const attributes = {
  title: "Service-Attribute",
};

export default attributes;
