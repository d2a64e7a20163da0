import { routeHandle } from "~/i18n/namespaces";
import { useLoaderData } from "@remix-run/react";
import { myWorkLoader } from "~/modules/mywork/my-work-page.server";
import { MyWorkPage } from "~/modules/mywork/ui/MyWorkPage";

export const handle = routeHandle({ i18n: ["mywork"], title: "mywork.title" });

/** /my-work — what needs the signed-in user (issue 36 §4, decision 0077). */
export const loader = myWorkLoader;

export default function MyWorkRoute() {
  return <MyWorkPage {...useLoaderData<typeof loader>()} />;
}
