/**
 * Backup and restore of ServiceHub's database (issue 21 §4), used by scripts/db-backup.ts and
 * scripts/db-restore.ts.
 *
 * SQLite: `VACUUM INTO` copies the database inside one read transaction, so the copy is a
 * consistent snapshot while the app goes on reading and writing (WAL: readers never block the
 * writer). A restore copies a checked backup into place, but only when nothing has the target
 * open: a running app would keep writing into the file it opened, or into the replaced one.
 * Postgres: `pg_dump --format=custom` (a consistent snapshot as well) and `pg_restore --clean`.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";

export const stamp = (d = new Date()) => d.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);

/**
 * Where a backup goes: `--out` as a file, or a timestamped file in `--out` when that is a
 * directory (or ends with a slash); default backups/servicehub-<date>-<time>.<ext>.
 */
export function backupPath(out: string | undefined, ext: "db" | "dump", now = new Date()): string {
  const name = `servicehub-${stamp(now)}.${ext}`;
  if (!out) return path.resolve("backups", name);
  if (out.endsWith("/") || out.endsWith(path.sep) || (fs.existsSync(out) && fs.statSync(out).isDirectory())) return path.resolve(out, name);
  return path.resolve(out);
}

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  /** What the backup holds, read back from it (SQLite: rows per table; Postgres: archive entries). */
  summary: string;
}

/** An online backup of an SQLite database to `target` (which must not exist). */
export function backupSqlite(source: string, target: string): BackupResult {
  if (!fs.existsSync(source)) throw new Error(`No database at ${source}.`);
  if (fs.existsSync(target)) throw new Error(`${target} exists already; choose another --out.`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const started = performance.now();
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  const db = new SQLite(source, { readonly: true, fileMustExist: true, timeout: 30_000 });
  try {
    db.prepare("VACUUM INTO ?").run(partial);
  } finally {
    db.close();
  }
  const problem = sqliteProblem(partial);
  if (problem) {
    fs.rmSync(partial, { force: true });
    throw new Error(`The backup failed its check: ${problem}`);
  }
  fs.renameSync(partial, target);
  return { file: target, bytes: fs.statSync(target).size, ms: performance.now() - started, summary: sqliteSummary(target) };
}

/** Why an SQLite file is not a sound ServiceHub database, or null. */
export function sqliteProblem(file: string): string | null {
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
    const check = db.pragma("integrity_check", { simple: true });
    if (check !== "ok") return `integrity_check: ${String(check)}`;
    const tables = db.prepare("select name from sqlite_master where type = 'table' and name in ('services', 'users')").all();
    if (tables.length !== 2) return "it holds no ServiceHub tables";
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    db?.close();
  }
}

function sqliteSummary(file: string): string {
  const db = new SQLite(file, { readonly: true });
  try {
    const count = (table: string) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    return ["services", "users", "activities"].map((t) => `${t} ${count(t)}`).join(", ");
  } finally {
    db.close();
  }
}

/**
 * Whether a connection has the SQLite database open. Every connection to a WAL database that
 * has read from it holds a shared lock; an exclusive lock is granted only when there is none.
 * A connection that has opened the file but not read yet holds no lock, so on Linux the open
 * files of the other processes are looked at too.
 */
export function sqliteInUse(file: string): boolean {
  if (!fs.existsSync(file)) return false;
  if (openedByAnotherProcess(file)) return true;
  const db = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma("locking_mode = EXCLUSIVE");
    db.exec("BEGIN EXCLUSIVE");
    db.exec("COMMIT");
    return false;
  } catch (error) {
    if (error instanceof Error && /locked|busy/i.test(error.message)) return true;
    throw error;
  } finally {
    db.close();
  }
}

/** Whether another process has the file (or its write-ahead log) open; false where /proc is missing. */
function openedByAnotherProcess(file: string): boolean {
  if (!fs.existsSync("/proc/self/fd")) return false;
  const real = fs.realpathSync(file);
  const names = new Set([real, `${real}-wal`]);
  for (const pid of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or another user's
    }
    for (const fd of fds) {
      try {
        if (names.has(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))) return true;
      } catch {
        // closed meanwhile
      }
    }
  }
  return false;
}

export class InUseError extends Error {}

/**
 * Puts a backup in place of the SQLite database `target`. The backup is checked first; the
 * current database (if any) is kept beside it as `<target>.before-restore-<time>`.
 */
export function restoreSqlite(backup: string, target: string): { replaced: string | null } {
  const problem = sqliteProblem(backup);
  if (problem) throw new Error(`${backup} is not a usable backup: ${problem}`);
  if (sqliteInUse(target)) {
    throw new InUseError(`${target} is in use (the app or another program has it open). Stop the app, then run the restore again.`);
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const incoming = `${target}.restoring`;
  fs.copyFileSync(backup, incoming);
  let replaced: string | null = null;
  if (fs.existsSync(target)) {
    replaced = `${target}.before-restore-${stamp()}`;
    fs.renameSync(target, replaced);
  }
  // A write-ahead log left beside the target belongs to the old database: applied to the
  // restored file it would corrupt it. A cleanly closed database leaves none, but be sure.
  for (const suffix of ["-wal", "-shm"]) {
    if (fs.existsSync(target + suffix)) {
      if (replaced) fs.renameSync(target + suffix, replaced + suffix);
      else fs.rmSync(target + suffix);
    }
  }
  fs.renameSync(incoming, target);
  return { replaced };
}

// ------------------------------------------------------------------------------------- Postgres

/**
 * A Postgres client program (pg_dump, pg_restore): the newest of the one on PATH and those
 * under /usr/lib/postgresql/<version>/bin (pg_dump must be at least as new as the server).
 */
export function findPgTool(name: "pg_dump" | "pg_restore"): string {
  const candidates: string[] = [];
  const root = "/usr/lib/postgresql";
  if (fs.existsSync(root)) for (const v of fs.readdirSync(root)) candidates.push(path.join(root, v, "bin", name));
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) if (dir) candidates.push(path.join(dir, name));
  let best: { file: string; version: number } | null = null;
  for (const file of candidates) {
    if (!fs.existsSync(file)) continue;
    try {
      const out = execFileSync(file, ["--version"], { encoding: "utf8" });
      const version = Number(/(\d+)(?:\.(\d+))?/.exec(out)?.[1] ?? 0);
      if (!best || version > best.version) best = { file, version };
    } catch {
      // not runnable
    }
  }
  if (!best) throw new Error(`${name} not found on PATH or under ${root}/*/bin: install the Postgres client (apt-get install postgresql-client).`);
  return best.file;
}

/** The URL without its password, and the password for PGPASSWORD (so it never shows in `ps`). */
export function pgConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = "";
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ["ignore", "inherit", "pipe"], env });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code, signal) => (code === 0 ? resolve() : reject(new Error(`${path.basename(file)} failed (${code ?? signal}): ${stderr.trim().slice(0, 2000)}`))));
  });
}

export async function backupPostgres(url: string, target: string): Promise<BackupResult> {
  if (fs.existsSync(target)) throw new Error(`${target} exists already; choose another --out.`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const started = performance.now();
  const partial = `${target}.partial`;
  const { dbname, env } = pgConnection(url);
  await run(findPgTool("pg_dump"), ["--format=custom", "--no-owner", `--file=${partial}`, `--dbname=${dbname}`], env);
  // The archive's table of contents must be readable.
  const list = execFileSync(findPgTool("pg_restore"), ["--list", partial], { encoding: "utf8" });
  fs.renameSync(partial, target);
  const tables = list.split("\n").filter((l) => / TABLE DATA /.test(l)).length;
  return { file: target, bytes: fs.statSync(target).size, ms: performance.now() - started, summary: `${tables} tables with data` };
}

/** Restores a custom-format dump into the database at `url`, replacing what it holds. */
export async function restorePostgres(backup: string, url: string): Promise<void> {
  if (!fs.existsSync(backup)) throw new Error(`No backup at ${backup}.`);
  const { dbname, env } = pgConnection(url);
  await run(findPgTool("pg_restore"), ["--clean", "--if-exists", "--no-owner", "--single-transaction", "--exit-on-error", `--dbname=${dbname}`, backup], env);
}
