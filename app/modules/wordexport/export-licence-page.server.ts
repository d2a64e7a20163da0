import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { userHasPermission } from "~/modules/access/policy";
import { requirePermission } from "~/modules/access/policy.server";
import type { Executor } from "~/server/audit.server";
import { getDb } from "~/server/db/db.server";
import { redirectWithFlash } from "~/server/flash.server";
import { parseForm, refuse } from "~/server/form.server";
import { returnPath } from "~/server/return-to.server";
import { getExportActive } from "~/server/settings.server";
import { setExportActive } from "./export-access.server";
import { ExportLicenceSchema } from "./export-licence-schema";

/**
 * /settings/export-licence — the organisation-wide Word-export licence (issue 32 §2): an
 * organisation setting, not one account's, so it lives among the settings rather than on a user's
 * permissions page. Admins see its state; only who may manage the organisation switches it.
 */

const PAGE = "/settings/export-licence";

/** Accounts whose own Word-export flag is on: whom the switch affects. */
async function exporterCount(db: Executor): Promise<number> {
  const row = await db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("count")).where("word_export", "=", 1).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function exportLicenceLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "access:admin");
  const db = getDb();
  const [active, exporters] = await Promise.all([getExportActive(db), exporterCount(db)]);
  return { active, exporters, mayChange: userHasPermission(user, "manage:organisation") };
}

export async function exportLicenceAction({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "manage:organisation");
  const { submission } = await parseForm(request, ExportLicenceSchema);
  if (submission.status !== "success") return refuse(submission);
  const { active } = submission.value;
  await setExportActive(getDb(), active, user);
  return redirectWithFlash(request, returnPath(request, PAGE), { kind: "success", message: active ? "wordexport.licence.on" : "wordexport.licence.off" });
}
