/**
 * Entra ID accounts are found by object id *and* tenant id (issue 31 item 5, decision 0047): the
 * tenant moves from the JSON in `additional_data` into its own column. Existing links keep the
 * tenant they were made with.
 */
import type { Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("authenticated_users").addColumn("tenant_id", "text").execute();
  // Read and written row by row: JSON functions differ between SQLite and Postgres, the table is small.
  const rows = (await db.selectFrom("authenticated_users").select(["id", "additional_data"]).execute()) as { id: number; additional_data: string | null }[];
  for (const row of rows) {
    let tenant: unknown = null;
    try {
      tenant = row.additional_data ? (JSON.parse(row.additional_data) as { tenant_id?: unknown }).tenant_id : null;
    } catch {
      tenant = null;
    }
    if (typeof tenant === "string" && tenant) await db.updateTable("authenticated_users").set({ tenant_id: tenant }).where("id", "=", row.id).execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("authenticated_users").dropColumn("tenant_id").execute();
}
