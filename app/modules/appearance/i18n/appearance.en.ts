import type appearanceDe from "./appearance.de";

const appearance: typeof appearanceDe = {
  title: "Logo and appearance",
};

export default appearance;
