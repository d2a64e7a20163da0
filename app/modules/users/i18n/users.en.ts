import type usersDe from "./users.de";

const users: typeof usersDe = {
  title: "",
};

export default users;
