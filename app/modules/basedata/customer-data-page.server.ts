import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/modules/access/policy.server";
import { getDb } from "~/server/db/db.server";
import { StaleRecordError } from "~/server/errors.server";
import { redirectWithFlash } from "~/server/flash.server";
import { formVersion, readFormData } from "~/server/request-body.server";
import { parseFormData } from "~/ui/forms";
import { getCustomerData, saveCustomerData } from "./customer-data.server";
import { CUSTOMER_DATA_FIELDS, recordSchema, type BaseDataActionData, type RecordValues } from "./entities";

/** /basedata/customerdata — the organisation's own data (one record), read by keyusers and above. */
const schema = recordSchema({ fields: CUSTOMER_DATA_FIELDS });

export async function customerDataLoader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "read:basedata");
  return { customer: await getCustomerData(getDb()) };
}

export async function customerDataAction({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "update:basedata");
  const form = await readFormData(request);
  const parsed = parseFormData(schema, form);
  if (!parsed.success) {
    const values = Object.fromEntries(CUSTOMER_DATA_FIELDS.map((f) => [f.name, String(form.get(f.name) ?? "")]));
    return data<BaseDataActionData>({ ok: false, errors: parsed.errors, values }, { status: 400 });
  }
  try {
    await saveCustomerData(getDb(), parsed.data as RecordValues, formVersion(form, { allowEmpty: true }) || null, user);
  } catch (error) {
    if (error instanceof StaleRecordError)
      return data<BaseDataActionData>(
        { ok: false, errors: { _form: "basedata.stale" }, current: error.current, changedFields: error.changedFields },
        { status: 409 },
      );
    throw error;
  }
  return redirectWithFlash(request, "/basedata/customerdata", { kind: "success", message: "basedata.customerdata.saved" });
}

