import type contractDe from "./contract.de";

const contract: typeof contractDe = {
  title: "TODO",
};

export default contract;
