/**
 * After the load (scripts/loadtest.ts): is every write the server acknowledged in the database?
 * - a created service: its row, with the name the form sent, not in the bin;
 * - an edit of a service's costs: its audit activity carries the value; and the service holds
 *   the value of its last acknowledged edit (the one made on the newest version), unless a later
 *   edit of that service got no answer (its outcome is unknown);
 * - a created base-data row: its row by name.
 */
import { sql } from "kysely";
import type { DB } from "../app/server/db/db.server";
import { BASEDATA, type Acked } from "./loadtest-work";

export interface Verification {
  checked: number;
  /** One line per acknowledged write that is not in the database. */
  missing: string[];
}

function chunks<T>(list: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export async function verifyAcknowledged(db: DB, acked: Acked, uncertain: ReadonlySet<number>): Promise<Verification> {
  const missing: string[] = [];

  // Created services.
  const services = new Map<number, { name: string; deleted_at: string | null }>();
  for (const ids of chunks(acked.services.map((s) => s.id))) {
    for (const row of await db.selectFrom("services").select(["id", "name", "deleted_at"]).where("id", "in", ids).execute()) services.set(row.id, row);
  }
  for (const s of acked.services) {
    const row = services.get(s.id);
    if (!row || row.name !== s.name || row.deleted_at) missing.push(`created service ${s.id} "${s.name}": ${row ? `found "${row.name}"${row.deleted_at ? " in the bin" : ""}` : "no row"}`);
  }

  // Edits: each in the audit trail, and the last one per service in the row.
  const edited = [...new Set(acked.edits.map((e) => e.serviceId))];
  const audited = new Set<string>();
  const current = new Map<number, string | null>();
  for (const ids of chunks(edited)) {
    const activities = await db
      .selectFrom("activities")
      .select(["subject_id", "new_values"])
      .where("subject_type", "=", "service")
      .where("event", "=", "updated")
      .where("subject_id", "in", ids.map(String))
      .execute();
    for (const a of activities) {
      try {
        const costs = (JSON.parse(a.new_values ?? "{}") as { costs?: unknown }).costs;
        if (typeof costs === "string") audited.add(`${a.subject_id}|${costs}`);
      } catch {
        // not ours
      }
    }
    for (const row of await db.selectFrom("services").select(["id", "costs"]).where("id", "in", ids).execute()) current.set(row.id, row.costs);
  }
  const last = new Map<number, Acked["edits"][number]>();
  for (const e of acked.edits) {
    if (!audited.has(`${e.serviceId}|${e.marker}`)) missing.push(`edit of service ${e.serviceId} to "${e.marker}": not in its history`);
    const previous = last.get(e.serviceId);
    if (!previous || e.version > previous.version) last.set(e.serviceId, e);
  }
  for (const [id, e] of last) {
    if (uncertain.has(id)) continue;
    if (current.get(id) !== e.marker) missing.push(`service ${id}: holds "${current.get(id)}", its last acknowledged edit wrote "${e.marker}"`);
  }

  // Base data.
  for (const { entity, table, field } of BASEDATA) {
    const names = acked.basedata.filter((b) => b.entity === entity).map((b) => b.name);
    const found = new Set<string>();
    for (const part of chunks(names)) {
      // Table and column come from the fixed list above.
      const { rows } = await sql<{ value: string }>`select ${sql.ref(field)} as value from ${sql.table(table)} where ${sql.ref(field)} in (${sql.join(part)})`.execute(db);
      for (const row of rows) found.add(row.value);
    }
    for (const name of names) if (!found.has(name)) missing.push(`created ${entity} "${name}": no row`);
  }

  return { checked: acked.services.length + acked.edits.length + acked.basedata.length, missing };
}
