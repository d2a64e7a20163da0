import { promises as fs } from "node:fs";
import path from "node:path";
import { Migrator, type Kysely, type Migration, type MigrationProvider } from "kysely";

const MIGRATIONS_DIR = path.resolve(process.cwd(), "migrations");

/**
 * Kysely's FileMigrationProvider calls import() from inside node_modules, which Vitest does not
 * transform; importing from here works under tsx, Vitest and the dev server alike.
 * Only top-level files are migrations; helpers live in migrations/lib/.
 */
class FolderMigrationProvider implements MigrationProvider {
  constructor(private readonly folder: string) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await fs.readdir(this.folder, { withFileTypes: true }))
      .filter((f) => f.isFile() && /\.(ts|js|mjs)$/.test(f.name) && !f.name.endsWith(".d.ts"))
      .map((f) => f.name)
      .sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const mod = (await import(/* @vite-ignore */ path.join(this.folder, file))) as Partial<Migration>;
      if (typeof mod.up !== "function") throw new Error(`Migration ${file} has no up()`);
      migrations[file.replace(/\.(ts|js|mjs)$/, "")] = mod as Migration;
    }
    return migrations;
  }
}

/** Applies every pending migration; throws (with the failing migration's name) on error. */
// Kysely<any>: migrations are frozen in time and must not depend on the current schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new FolderMigrationProvider(MIGRATIONS_DIR) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${cause}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
