import { routeHandle } from "~/i18n/namespaces";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CopyServiceDialog } from "~/modules/service/ui/bin/CopyServiceDialog";
import { copyAction, copyLoader } from "~/modules/service/lifecycle-page.server";
import type { LifecycleActionData } from "~/modules/service/bin-types";

export const handle = routeHandle({ i18n: ["lifecycle"] });

/**
 * /servicecatalog/service/:id/duplicate — copies the service (fields, children, relations) into a
 * chosen category, by default its own, and opens the copy. Keyuser and above.
 */
export const loader = ({ request, params }: LoaderFunctionArgs) => copyLoader(request, params.id, "duplicate");
export const action = ({ request, params }: ActionFunctionArgs) => copyAction(request, params.id, "duplicate");


export default function DuplicateServiceRoute() {
  const { service, groups, defaultCategoryId } = useLoaderData<typeof loader>();
  const actionData = useActionData<LifecycleActionData>();
  return <CopyServiceDialog kind="duplicate" service={service} groups={groups} defaultCategoryId={defaultCategoryId} actionData={actionData} />;
}
