/** German texts of the sessions screens (issue 13). */
const sessions = {
  title: "",
};

export default sessions;
