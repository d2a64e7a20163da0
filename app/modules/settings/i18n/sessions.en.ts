import type sessionsDe from "./sessions.de";

const sessions: typeof sessionsDe = {
  title: "",
};

export default sessions;
