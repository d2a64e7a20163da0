import { routeHandle } from "~/i18n/namespaces";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DeleteServiceDialog } from "~/modules/service/ui/bin/DeleteServiceDialog";
import { deleteAction, deleteLoader } from "~/modules/service/lifecycle-page.server";
import type { LifecycleActionData } from "~/modules/service/bin-types";
import { formError } from "~/lib/form-answer";

export const handle = routeHandle({ i18n: ["lifecycle"] });

/**
 * /servicecatalog/service/:id/delete — moves the service and its derivatives to the bin after a
 * confirmation that lists the derivatives. Keyuser and above (create/delete), and allowed to edit
 * the service; a dialog over the service page, a page of its own without JS.
 */
export const loader = ({ request, params }: LoaderFunctionArgs) => deleteLoader(request, params.id);
export const action = ({ request, params }: ActionFunctionArgs) => deleteAction(request, params.id);


export default function DeleteServiceRoute() {
  const { service, derivatives } = useLoaderData<typeof loader>();
  const actionData = useActionData<LifecycleActionData>();
  return <DeleteServiceDialog service={service} derivatives={derivatives} error={formError(actionData)} />;
}
