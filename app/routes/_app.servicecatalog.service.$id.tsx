import { routeHandle } from "~/i18n/namespaces";
import { Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { ServicePage } from "~/modules/service/ui/ServicePage";
import type { ServiceAnswer } from "~/modules/service/types";
import { servicePageAction, servicePageLoader } from "~/modules/service/page.server";
import { inService, leadCustomers } from "~/modules/releases/customer-routes.server";

export const handle = routeHandle({ i18n: ["ai", "basedata", "credits", "headlines", "history", "masks", "service", "servicechildren", "structure", "translations", "wordexport"] });

export const loader = leadCustomers(servicePageLoader, inService);
export const action = servicePageAction;


/** /servicecatalog/service/:id — the service, section by section; dialogs (delete, duplicate, derivative) nest here. */
export default function ServiceRoute() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<ServiceAnswer>();
  return (
    <>
      <ServicePage data={data} result={result} />
      <Outlet />
    </>
  );
}
