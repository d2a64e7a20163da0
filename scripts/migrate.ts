import { createDb } from "../app/db/db.server";
import { migrateToLatest } from "../app/db/migrate.server";

const db = createDb();
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Applied migrations: ${applied.join(", ")}` : "Database is up to date.");
} finally {
  await db.destroy();
}
