/**
 * `npm run db:restore -- <file> [--to <database URL>]`: puts a backup of `npm run db:backup` in
 * place of the database (--to, default DATABASE_URL; scripts/db-backup-core.ts).
 * SQLite: only while nothing has the database open — stop the app first; the restore refuses
 * otherwise. The replaced file is kept as <file>.before-restore-<time>.
 * Postgres: pg_restore --clean in one transaction (stop the app first, too: its connections
 * would wait on the restore's locks). Start the app again afterwards (`npm start` applies any
 * newer migrations to the restored data).
 */
import path from "node:path";
import { dialectOf, sqlitePath } from "../app/server/db/db.server";
import { InUseError, restorePostgres, restoreSqlite } from "./db-backup-core";

function parse(argv: string[]): { file: string; to: string | undefined } {
  let file: string | undefined;
  let to = process.env.DATABASE_URL;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--to" && argv[i + 1]) to = argv[++i];
    else if (!argv[i].startsWith("--") && !file) file = argv[i];
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  if (!file) throw new Error("usage: npm run db:restore -- <backup file> [--to <database URL>]");
  return { file: path.resolve(file), to };
}

try {
  const { file, to } = parse(process.argv.slice(2));
  if (dialectOf(to) === "postgres") {
    await restorePostgres(file, to!);
    console.log(`Restored ${file} into ${new URL(to!).host}${new URL(to!).pathname}.`);
  } else {
    const target = path.resolve(sqlitePath(to));
    const { replaced } = restoreSqlite(file, target);
    console.log(`Restored ${file} to ${target}.${replaced ? ` The previous database is kept as ${replaced}.` : ""}`);
  }
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(error instanceof InUseError ? 3 : 1);
}
