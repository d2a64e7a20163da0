import { routeHandle } from "~/i18n/namespaces";
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/modules/access/session.server";

export const handle = routeHandle({ i18n: ["users"] });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return redirect("/dashboard");
}
