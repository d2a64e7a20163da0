import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/modules/access/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return redirect("/dashboard");
}
