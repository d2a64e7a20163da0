/** German texts of version, patch notes, system messages (issue 16 §7). */
const systeminfo = {
  title: "TODO",
};

export default systeminfo;
