import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RestoreDialog } from "~/modules/service/ui/bin/RestoreDialog";
import { restoreStepAction, restoreStepLoader } from "~/modules/service/lifecycle-page.server";
import type { LifecycleActionData } from "~/modules/service/bin-types";

/**
 * /bin/:id/restore — the step of restoring that asks for a target category (the service's own
 * category is gone). A dialog over the bin; a page of its own without JS. Admin guard.
 */
export const loader = ({ request, params }: LoaderFunctionArgs) => restoreStepLoader(request, params.id);
export const action = ({ request, params }: ActionFunctionArgs) => restoreStepAction(request, params.id);

export default function RestoreStepRoute() {
  const { service, groups, categoryGone, defaultCategoryId } = useLoaderData<typeof loader>();
  const actionData = useActionData<LifecycleActionData>();
  return <RestoreDialog service={service} groups={groups} categoryGone={categoryGone} defaultCategoryId={defaultCategoryId} actionData={actionData} />;
}
