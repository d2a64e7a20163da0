import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/modules/access/session.server";
import { safeRedirectPath } from "~/lib/safe-path";
import { redirectWithFlash } from "~/server/flash.server";
import { parseForm, refuseForm } from "~/server/form.server";
import { returnPath } from "~/server/return-to.server";
import { readSidebarPrefs, writeSidebarPrefs } from "~/server/prefs.server";
import { PrefsSchema } from "./prefs-schema";

/** /prefs/sidebar has nothing to show: a visit goes to the settings. */
export const prefsLoader = () => redirect("/settings/sidebar");

/** Browser preferences (side menu, catalogue sub-views), stored in a cookie; fields that are not sent keep their value. */
export async function prefsAction({ request }: ActionFunctionArgs) {
  await requireUser(request);
  // The flags read raw strings themselves (the last of repeated values wins).
  const { submission } = await parseForm(request, PrefsSchema, { keepEmpty: true });
  if (submission.status !== "success") return refuseForm({ form: "errors.badRequest" }, 400);
  const sent = submission.value;
  const current = await readSidebarPrefs(request);
  const next = {
    showWholeDrawer: sent.showWholeDrawer ?? current.showWholeDrawer,
    expandOnHover: sent.expandOnHover ?? current.expandOnHover,
    subviews: {
      areas: sent.subviewAreas ?? current.subviews.areas,
      categories: sent.subviewCategories ?? current.subviews.categories,
      services: sent.subviewServices ?? current.subviews.services,
    },
  };
  const headers = { "Set-Cookie": await writeSidebarPrefs(request, next) };
  // The side menu and catalogue switches name their page in the body; the settings entry in its action URL.
  const to = sent.redirectTo !== undefined ? safeRedirectPath(sent.redirectTo) : returnPath(request, "/settings/sidebar");
  if (sent.notify) return redirectWithFlash(request, to, { kind: "success", message: "settings.saved" }, { headers });
  return redirect(to, { headers });
}
