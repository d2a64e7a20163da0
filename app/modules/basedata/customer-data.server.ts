import { CUSTOMER_DATA_FIELDS, type RecordValues } from "~/modules/basedata/entities";
import { recordActivity, type Causer, type Executor } from "../../server/audit.server";
import { inTransaction, nextTimestamp } from "../../server/db-helpers.server";
import { StaleRecordError } from "../../server/errors.server";

const CUSTOMER_DATA_ID = 1;
type CustomerField = "company" | "companyadditional" | "street" | "zipcode" | "city" | "country";
const FIELDS = CUSTOMER_DATA_FIELDS.map((f) => f.name as CustomerField);

/** The organisation's single record; empty fields when it was never saved. */
export async function getCustomerData(db: Executor) {
  const row = await db.selectFrom("customer_data").selectAll().where("id", "=", CUSTOMER_DATA_ID).executeTakeFirst();
  const empty = Object.fromEntries(FIELDS.map((f) => [f, null])) as Record<CustomerField, string | null>;
  return row ? { ...empty, ...pick(row), updated_at: row.updated_at as string | null } : { ...empty, updated_at: null };
}

function pick(row: Record<string, unknown>) {
  return Object.fromEntries(FIELDS.map((f) => [f, (row[f] as string | null) ?? null])) as Record<CustomerField, string | null>;
}

export async function saveCustomerData(db: Executor, values: RecordValues, expectedUpdatedAt: string | null, causer: Causer) {
  await inTransaction(db, async (trx) => {
    const current = await getCustomerData(trx);
    const incoming = Object.fromEntries(FIELDS.filter((f) => f in values).map((f) => [f, (values[f] as string | null) ?? null]));
    const changed = Object.keys(incoming).filter((k) => (current[k as CustomerField] ?? null) !== incoming[k]);
    if (current.updated_at && expectedUpdatedAt !== current.updated_at) throw new StaleRecordError(current, changed);
    if (changed.length === 0) return;
    const updatedAt = nextTimestamp(current.updated_at);
    if (current.updated_at) {
      // Compare-and-set: a concurrent save of the same version updates nothing here.
      const result = await trx
        .updateTable("customer_data")
        .set({ ...incoming, updated_at: updatedAt })
        .where("id", "=", CUSTOMER_DATA_ID)
        .where("updated_at", "=", current.updated_at)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) {
        const latest = await getCustomerData(trx);
        throw new StaleRecordError(latest, Object.keys(incoming).filter((k) => (latest[k as CustomerField] ?? null) !== incoming[k]));
      }
    } else {
      await trx.insertInto("customer_data").values({ id: CUSTOMER_DATA_ID, ...incoming, updated_at: updatedAt }).execute();
    }
    await recordActivity(trx, {
      subjectType: "customer_data",
      subjectId: CUSTOMER_DATA_ID,
      event: "updated",
      causer,
      oldValues: Object.fromEntries(changed.map((k) => [k, current[k as CustomerField]])),
      newValues: Object.fromEntries(changed.map((k) => [k, incoming[k]])),
    });
  });
}
