import type attributesDe from "./attributes.de";

const attributes: typeof attributesDe = {
  title: "Service attributes",
};

export default attributes;
