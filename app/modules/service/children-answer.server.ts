import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { idOr404 } from "~/server/ids.server";
import { childrenAction } from "./children-page.server";
import { servicePath } from "./children-types";

/**
 * /servicecatalog/service/:id/children — the action every form of the options, responsibilities,
 * links and attributes sections posts to (see childrenAction). A visit is sent to the service page.
 */
export async function childrenLoader({ request, params }: LoaderFunctionArgs) {
  const serviceId = idOr404(params.id);
  // A refused form post without JS renders this route (the page with the form again below); Remix
  // then runs the loaders with the post's headers. Only a plain visit (no body) goes to the page.
  if (request.headers.has("Content-Type")) return null;
  throw redirect(servicePath(serviceId));
}

export const childrenRouteAction = ({ request, params }: ActionFunctionArgs) => childrenAction(request, params.id);
