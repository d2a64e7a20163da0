/**
 * What customers read of a catalogue (issue 35 §6): "release" — the latest release that is not
 * withdrawn, once one exists (the default) — or "working", the working copy as before releases.
 */
import { type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable("service_catalogues")
    .addColumn("customer_view", "text", (c) => c.notNull().defaultTo("release"))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable("service_catalogues").dropColumn("customer_view").execute();
}
