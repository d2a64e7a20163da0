import type grantsDe from "./grants.de";

const grants: typeof grantsDe = {
  title: "",
};

export default grants;
