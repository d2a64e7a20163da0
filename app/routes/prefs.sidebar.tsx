import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/modules/access/session.server";
import { safeRedirectPath } from "~/lib/safe-path";
import { redirectWithFlash } from "~/server/flash.server";
import { readSidebarPrefs, writeSidebarPrefs } from "~/server/prefs.server";
import { readFormData } from "~/server/request-body.server";

export function loader() {
  return redirect("/settings");
}

/** Last value of a field wins: a hidden "false" before a checkbox's "true" gives checkbox semantics. */
function flag(form: FormData, name: string): boolean | undefined {
  const values = form.getAll(name);
  if (!values.length) return undefined;
  return values[values.length - 1] === "true";
}

/** Browser preferences (side menu, catalogue sub-views); fields that are not sent keep their value. */
export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const form = await readFormData(request);
  const current = await readSidebarPrefs(request);
  const next = {
    showWholeDrawer: flag(form, "showWholeDrawer") ?? current.showWholeDrawer,
    expandOnHover: flag(form, "expandOnHover") ?? current.expandOnHover,
    subviews: {
      areas: flag(form, "subviewAreas") ?? current.subviews.areas,
      categories: flag(form, "subviewCategories") ?? current.subviews.categories,
      services: flag(form, "subviewServices") ?? current.subviews.services,
    },
  };
  const headers = { "Set-Cookie": await writeSidebarPrefs(request, next) };
  const to = safeRedirectPath(form.get("redirectTo"));
  if (form.get("notify") === "true") return redirectWithFlash(request, to, { kind: "success", message: "settings.saved" }, { headers });
  return redirect(to, { headers });
}
