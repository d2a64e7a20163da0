/** German texts of support tickets (issue 16 §6). */
const support = {
  title: "TODO",
};

export default support;
