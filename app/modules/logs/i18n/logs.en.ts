import type logsDe from "./logs.de";

const logs: typeof logsDe = {
  title: "",
};

export default logs;
