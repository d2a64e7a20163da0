/**
 * `npm run db:backup -- [--out <file or directory>]`: an online backup of the database that
 * DATABASE_URL names, while the app keeps serving (scripts/db-backup-core.ts).
 * SQLite → backups/servicehub-<date>-<time>.db (VACUUM INTO, checked with integrity_check);
 * Postgres → backups/servicehub-<date>-<time>.dump (pg_dump, custom format).
 * Restore with `npm run db:restore -- <file>`.
 */
import { dialectOf, sqlitePath } from "../app/server/db/db.server";
import { backupPath, backupPostgres, backupSqlite } from "./db-backup-core";

function parse(argv: string[]): { out?: string } {
  const o: { out?: string } = {};
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--out" && argv[i + 1]) o.out = argv[++i];
    else throw new Error(`unknown argument ${argv[i]} (usage: npm run db:backup -- [--out <file or directory>])`);
  }
  return o;
}

try {
  const { out } = parse(process.argv.slice(2));
  const url = process.env.DATABASE_URL;
  const result = dialectOf(url) === "postgres" ? await backupPostgres(url!, backupPath(out, "dump")) : backupSqlite(sqlitePath(url), backupPath(out, "db"));
  console.log(`Backup written: ${result.file} (${(result.bytes / 1024).toFixed(0)} KB, ${(result.ms / 1000).toFixed(1)} s; ${result.summary}).`);
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
