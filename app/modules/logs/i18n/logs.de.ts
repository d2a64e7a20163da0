/** German texts of the logs screens (issue 13). */
const logs = {
  title: "",
};

export default logs;
