import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/modules/access/policy.server";
import { getDb } from "~/server/db/db.server";
import { dispatchIntent, validateForm } from "~/server/form.server";
import { readFormData } from "~/server/request-body.server";
import { BASEDATA_KINDS, importBaseData, localNames, type BaseDataKind, type BaseDataOutcome, type FactoryRecord } from "./basedata-import.server";
import { createFactoryClient } from "./factory-client.server";
import { FACTORY_FAILURE } from "./factory-errors.server";
import { BaseDataSelectionSchema } from "./factory-schema";
import { getFactoryConnection } from "./factory-settings.server";
import { refusal } from "~/server/refusal.server";
import { idOr404 } from "~/server/ids.server";

/**
 * /factory/provider and /factory/kpi (admin guard, issue 18 §4): the template server's providers
 * or service levels, each marked when a record of that name exists here; the selected ones are
 * imported, duplicates skipped and reported. /:id previews one record.
 */

export type BaseDataAnswer = { outcomes: BaseDataOutcome[]; error: null } | { outcomes: null; error: string };

/** The template's records, or the message why they could not be read. */
async function fetchRecords(kind: BaseDataKind): Promise<{ records: FactoryRecord[]; error: null } | { records: null; error: string }> {
  const connection = await getFactoryConnection(getDb());
  if (!connection) return { records: null, error: "factory.notConfigured" };
  try {
    return { records: await BASEDATA_KINDS[kind].list(createFactoryClient(connection)), error: null };
  } catch (error) {
    console.error(`[factory] ${kind} list:`, error instanceof Error ? error.message : error);
    return { records: null, error: FACTORY_FAILURE };
  }
}

export function factoryBaseDataLoader(kind: BaseDataKind) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requirePermission(request, "access:admin");
    const db = getDb();
    const [found, names, connection] = await Promise.all([fetchRecords(kind), localNames(db, kind), getFactoryConnection(db)]);
    const items = found.records?.map((record) => ({ ...record, localId: names.get(record.name.trim().toLowerCase()) ?? null })) ?? null;
    return { kind, configured: connection !== null, items, error: found.error };
  };
}

export function factoryBaseDataAction(kind: BaseDataKind) {
  return async ({ request }: ActionFunctionArgs) => {
    const user = await requirePermission(request, "access:admin");
    const form = await readFormData(request);
    return dispatchIntent(form.get("intent"), {
      import: async () => {
        const submission = validateForm(form, BaseDataSelectionSchema);
        if (submission.status !== "success") return data<BaseDataAnswer>({ outcomes: null, error: "errors.badRequest" }, { status: 400 });
        const found = await fetchRecords(kind);
        if (found.error !== null) return data<BaseDataAnswer>({ outcomes: null, error: found.error }, { status: 502 });
        const wanted = new Set(submission.value.item);
        const chosen = submission.value.all ? found.records : found.records.filter((r) => wanted.has(r.id));
        if (!chosen.length) return data<BaseDataAnswer>({ outcomes: null, error: "factory.basedata.nothingSelected" }, { status: 400 });
        try {
          return data<BaseDataAnswer>({ outcomes: await importBaseData(getDb(), kind, chosen, { id: user.id, name: user.name }), error: null });
        } catch (error) {
          console.error(`[factory] ${kind} import:`, error);
          return data<BaseDataAnswer>({ outcomes: null, error: `factory.basedata.${kind}.storeFailed` }, { status: 500 });
        }
      },
    });
  };
}

export function factoryBaseDataPreviewLoader(kind: BaseDataKind) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    await requirePermission(request, "access:admin");
    const id = idOr404(params.id);
    const found = await fetchRecords(kind);
    if (found.error !== null) return { kind, record: null, localId: null, error: found.error };
    const record = found.records.find((r) => r.id === id);
    if (!record) throw refusal(404);
    const names = await localNames(getDb(), kind);
    return { kind, record, localId: names.get(record.name.trim().toLowerCase()) ?? null, error: null };
  };
}
