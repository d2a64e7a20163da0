import { routeHandle } from "~/i18n/namespaces";
import { useLoaderData } from "@remix-run/react";
import { usersAction, usersLoader } from "~/modules/users/users-page.server";
import { UsersPage } from "~/modules/users/ui/UsersPage";

export const handle = routeHandle({ i18n: ["auth", "users"], title: "users.title" });

/** /admin/usermanagement — the users list (admin guard); new/edit/delete dialogs nest here. */
export const loader = usersLoader;
export const action = usersAction;

export default function UsersRoute() {
  const data = useLoaderData<typeof loader>();
  return <UsersPage {...data} />;
}
