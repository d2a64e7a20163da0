import type headlinesDe from "./headlines.de";

const headlines: typeof headlinesDe = {
  title: "Service headlines",
};

export default headlines;
