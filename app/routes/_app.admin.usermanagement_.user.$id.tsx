import { routeHandle } from "~/i18n/namespaces";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { grantsAction, grantsLoader } from "~/modules/users/grants-page.server";
import { UserGrantsPage } from "~/modules/users/ui/UserGrantsPage";

export const handle = routeHandle({ i18n: ["grants"] });

/**
 * /admin/usermanagement/user/:id — one user's permissions: edit grants per category and service,
 * word export, export licence (issue 13 §2). Admin guard. Not nested in the users list (the
 * trailing underscore); the grant-all and remove-all confirmations nest here.
 */
export const loader = ({ request, params }: LoaderFunctionArgs) => grantsLoader(request, params.id);
export const action = ({ request, params }: ActionFunctionArgs) => grantsAction(request, params.id);
export default UserGrantsPage;
