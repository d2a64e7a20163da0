import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/modules/access/policy.server";
import { getDb } from "~/server/db/db.server";
import { redirectWithFlash } from "~/server/flash.server";
import { parseForm, refuse } from "~/server/form.server";
import { returnPath } from "~/server/return-to.server";
import { ServiceAreaSchema } from "./appearance-schema";
import { isServiceAreaActive, setServiceAreaActive } from "./appearance.server";

/** /admin/servicearea — the dialog that switches the area level of the catalogue on or off. */
export async function serviceAreaLoader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "access:admin");
  return { active: await isServiceAreaActive(getDb()) };
}

export async function serviceAreaAction({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "access:admin");
  const { submission } = await parseForm(request, ServiceAreaSchema);
  if (submission.status !== "success") return refuse(submission);
  try {
    await setServiceAreaActive(getDb(), submission.value.active, { id: user.id, name: user.name });
  } catch (error) {
    // Spec 02 §8: a failed area-config update is only logged; the dialog says it did not work.
    console.error(error);
    return refuse(submission, { form: "appearance.serviceArea.failed" }, 500);
  }
  return redirectWithFlash(request, returnPath(request, "/admin/servicearea"), {
    kind: "success",
    message: submission.value.active ? "appearance.serviceArea.activated" : "appearance.serviceArea.deactivated",
  });
}
