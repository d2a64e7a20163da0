import type tomDe from "./tom.de";

const tom: typeof tomDe = {
  title: "TODO",
};

export default tom;
