import { createDb } from "../app/server/db/db.server";
import { migrateToLatest } from "../app/server/db/migrate.server";

const db = createDb();
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Applied migrations: ${applied.join(", ")}` : "Database is up to date.");
} finally {
  await db.destroy();
}
