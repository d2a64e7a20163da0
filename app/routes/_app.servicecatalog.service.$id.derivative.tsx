import { routeHandle } from "~/i18n/namespaces";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CopyServiceDialog } from "~/modules/service/ui/bin/CopyServiceDialog";
import { copyAction, copyLoader } from "~/modules/service/lifecycle-page.server";
import type { LifecycleActionData } from "~/modules/service/bin-types";

export const handle = routeHandle({ i18n: ["lifecycle"] });

/**
 * /servicecatalog/service/:id/derivative — copies the service into a category of another
 * catalogue as its derivative (it keeps the name and points back to its source). Keyuser and above.
 */
export const loader = ({ request, params }: LoaderFunctionArgs) => copyLoader(request, params.id, "derivative");
export const action = ({ request, params }: ActionFunctionArgs) => copyAction(request, params.id, "derivative");


export default function DerivativeServiceRoute() {
  const { service, groups, defaultCategoryId } = useLoaderData<typeof loader>();
  const actionData = useActionData<LifecycleActionData>();
  return <CopyServiceDialog kind="derivative" service={service} groups={groups} defaultCategoryId={defaultCategoryId} actionData={actionData} />;
}
