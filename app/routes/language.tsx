import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { serializeCookie } from "~/server/cookies.server";
import { safeRedirectPath } from "~/lib/safe-path";
import { isLanguage } from "~/i18n/config";
import { localeCookie } from "~/i18n/i18next.server";
import { readFormData } from "~/server/request-body.server";

export function loader() {
  return redirect("/");
}

/** Stores the chosen language for 365 days and returns to the page the user was on. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const lng = form.get("lng");
  const to = safeRedirectPath(form.get("redirectTo"), "/");
  if (!isLanguage(lng)) return redirect(to);
  return redirect(to, { headers: { "Set-Cookie": await serializeCookie(localeCookie, request, lng) } });
}
