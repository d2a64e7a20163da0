import { routeHandle } from "~/i18n/namespaces";
import { useLoaderData } from "@remix-run/react";
import { headlinesAction, headlinesLoader } from "~/modules/masks/headlines-page.server";
import { HeadlinesPage } from "~/modules/masks/ui/HeadlinesPage";

export const handle = routeHandle({ i18n: ["headlines", "masks", "service"], title: "headlines.title" });

/** /admin/serviceheadlines — the 11 service headlines (admin guard), used at once on every service page. */
export const loader = headlinesLoader;
export const action = headlinesAction;

export default function HeadlinesRoute() {
  const data = useLoaderData<typeof loader>();
  return <HeadlinesPage {...data} />;
}
