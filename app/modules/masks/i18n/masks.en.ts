import type masksDe from "./masks.de";

const masks: typeof masksDe = {
  title: "Attribute masks",
};

export default masks;
