import type systeminfoDe from "./systeminfo.de";

const systeminfo: typeof systeminfoDe = {
  title: "TODO",
};

export default systeminfo;
