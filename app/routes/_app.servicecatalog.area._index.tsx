import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/modules/access/session.server";

/** /servicecatalog/area without an id: the catalogue browser is where areas are picked. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return redirect("/servicecatalog");
}
