import { routeHandle } from "~/i18n/namespaces";
import { useLoaderData } from "@remix-run/react";
import { serviceCommentsAction, serviceCommentsLoader } from "~/modules/comments/comments-page.server";
import { CommentsSection } from "~/modules/comments/ui/CommentsSection";

export const handle = routeHandle({ i18n: ["comments"] });

/** The service page's comments (issue 36 §7): loaded beside the page; their forms post to `?index`. */
export const loader = serviceCommentsLoader;
export const action = serviceCommentsAction;

export default function ServiceComments() {
  return <CommentsSection data={useLoaderData<typeof loader>()} />;
}
