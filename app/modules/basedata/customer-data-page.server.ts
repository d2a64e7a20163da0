import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/modules/access/policy.server";
import { getDb } from "~/server/db/db.server";
import { StaleRecordError } from "~/server/errors.server";
import { redirectWithFlash } from "~/server/flash.server";
import { parseForm, refuse } from "~/server/form.server";
import { returnPath } from "~/server/return-to.server";
import { formVersion } from "~/server/request-body.server";
import { getCustomerData, saveCustomerData } from "./customer-data.server";
import { CUSTOMER_DATA_FIELDS, type BaseDataMeta, type RecordValues } from "./entities";
import { recordSchema } from "./entity-schema";

const schema = recordSchema({ fields: CUSTOMER_DATA_FIELDS });

/** /basedata/customerdata — the organisation's own data (one record), read by keyusers and above. */
export async function customerDataLoader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "read:basedata");
  return { customer: await getCustomerData(getDb()) };
}

export async function customerDataAction({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "update:basedata");
  const { form, submission } = await parseForm(request, schema, { keepEmpty: true });
  if (submission.status !== "success") return refuse(submission);
  try {
    await saveCustomerData(getDb(), submission.value as RecordValues, formVersion(form, { allowEmpty: true }) || null, user);
  } catch (error) {
    if (error instanceof StaleRecordError)
      return refuse<BaseDataMeta>(submission, { form: "basedata.stale" }, 409, { meta: { current: error.current, changedFields: error.changedFields } });
    throw error;
  }
  return redirectWithFlash(request, returnPath(request, "/basedata/customerdata"), { kind: "success", message: "basedata.customerdata.saved" });
}
