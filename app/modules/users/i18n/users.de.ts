/** German texts of the users screens (issue 13). */
const users = {
  title: "",
};

export default users;
