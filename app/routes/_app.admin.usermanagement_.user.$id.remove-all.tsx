import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { bulkAction, bulkLoader } from "~/modules/users/grants-page.server";
import { BulkGrantDialog } from "~/modules/users/ui/BulkGrantDialog";

/**
 * /admin/usermanagement/user/:id/remove-all — removes every category and service grant of the user,
 * after this confirmation: a dialog over the permissions page, a page of its own without JS.
 */
export const loader = ({ request, params }: LoaderFunctionArgs) => bulkLoader(request, params.id);
export const action = ({ request, params }: ActionFunctionArgs) => bulkAction(request, params.id, "remove-all");

export default function RemoveAllRoute() {
  return <BulkGrantDialog kind="remove-all" />;
}
