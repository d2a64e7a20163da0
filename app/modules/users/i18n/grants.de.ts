/** German texts of a user's permissions page (issue 13). */
const grants = {
  title: "",
};

export default grants;
