/**
 * Migrates the database (DATABASE_URL), then writes the demo content unless SEED_DEMO=0, and creates
 * the administrator from ADMIN_EMAIL / ADMIN_PASSWORD / ADMIN_NAME when that user does not exist yet.
 */
import { createDb } from "../app/server/db/db.server";
import { migrateToLatest } from "../app/server/db/migrate.server";
import { ensureAdminFromEnv, seedDemo } from "../app/server/db/seed.server";

const db = createDb();
try {
  const applied = await migrateToLatest(db);
  const demo = process.env.SEED_DEMO === "0" ? "skipped (SEED_DEMO=0)" : (await seedDemo(db)).created ? "created" : "already present";
  const admin = (await ensureAdminFromEnv(db)) ? `created ${process.env.ADMIN_EMAIL}` : "unchanged";
  console.log(`Seed: ${applied.length} migration(s) applied; demo data ${demo}; admin ${admin}.`);
} finally {
  await db.destroy();
}
