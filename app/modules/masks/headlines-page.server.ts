import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/modules/access/policy.server";
import { getDb } from "~/server/db/db.server";
import { redirectWithFlash } from "~/server/flash.server";
import { commonRefusal, parseForm, refuse } from "~/server/form.server";
import { returnPath } from "~/server/return-to.server";
import { listHeadlines, resetHeadline, setHeadline } from "./headlines.server";
import { HeadlineSchema } from "./masks-schema";

/** /admin/serviceheadlines: the 11 positions, one form per row (save or reset), admin guard. */

const PAGE = "/admin/serviceheadlines";
const requireAdmin = (request: Request) => requirePermission(request, "access:admin");

export async function headlinesLoader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { headlines: await listHeadlines(getDb()) };
}

export async function headlinesAction({ request }: ActionFunctionArgs) {
  const causer = await requireAdmin(request);
  const { form, submission } = await parseForm(request, HeadlineSchema);
  // The refused row is named by its position, so the page shows the error beside that row only.
  const target = String(form.get("position") ?? "");
  if (submission.status !== "success") return refuse(submission, {}, 400, { target });
  const { intent, position, custom } = submission.value;
  let changed: boolean;
  try {
    changed = intent === "reset" ? await resetHeadline(getDb(), position, causer) : await setHeadline(getDb(), position, custom, causer);
  } catch (error) {
    const refusal = commonRefusal(error, { stale: "headlines.stale" });
    if (!refusal) throw error;
    return refuse(submission, refusal.errors, refusal.status, { target });
  }
  const message = !changed ? "headlines.unchanged" : intent === "reset" || !custom ? "headlines.resetDone" : "headlines.saved";
  const back = returnPath(request, PAGE);
  return redirectWithFlash(request, `${back}#headline-${position}`, { kind: changed ? "success" : "info", message, values: { position: String(position) } });
}
