import type supportDe from "./support.de";

const support: typeof supportDe = {
  title: "TODO",
};

export default support;
