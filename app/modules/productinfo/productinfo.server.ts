import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { sql } from "kysely";
import { dependencies, version } from "../../../package.json";
import type { Executor } from "~/server/audit.server";
import { isPostgresDb } from "~/server/db-helpers.server";

/**
 * Product information (/dashboard/info): ServiceHub's version, the database in use and the
 * licences of the production dependencies. The licences are read once per process from the
 * installed packages' package.json (the dependencies package.json names, not their own
 * dependencies) and kept; the database version is asked on each visit (one tiny query).
 */

export interface DependencyLicence {
  name: string;
  /** The installed version, or the range package.json asks for when the package is not found. */
  version: string;
  /** SPDX expression as the package declares it; null when it declares none. */
  licence: string | null;
}

export interface DatabaseInfo {
  kind: "sqlite" | "postgres";
  version: string | null;
}

export const productVersion = version;

/** A package.json's licence: `license` (string or the old `{ type }`), else the old `licenses` list. */
export function licenceOf(manifest: unknown): string | null {
  if (!manifest || typeof manifest !== "object") return null;
  const { license, licenses } = manifest as { license?: unknown; licenses?: unknown };
  const name = (value: unknown) => (typeof value === "string" ? value : value && typeof value === "object" && typeof (value as { type?: unknown }).type === "string" ? (value as { type: string }).type : null);
  const single = name(license);
  if (single?.trim()) return single.trim();
  if (Array.isArray(licenses)) {
    const names = licenses.map(name).filter((n): n is string => Boolean(n?.trim()));
    if (names.length) return names.length === 1 ? names[0] : `(${names.join(" OR ")})`;
  }
  return null;
}

/** Where Node would look for packages from the app's directory (its node_modules, then the parents'). */
function searchPaths(root: string): string[] {
  return createRequire(path.join(root, "package.json")).resolve.paths("x") ?? [path.join(root, "node_modules")];
}

async function readManifest(dirs: string[], name: string): Promise<Record<string, unknown> | null> {
  for (const dir of dirs) {
    try {
      return JSON.parse(await fs.readFile(path.join(dir, name, "package.json"), "utf8")) as Record<string, unknown>;
    } catch {
      // not here (or unreadable): try the next directory
    }
  }
  return null;
}

/** Every production dependency with its installed version and licence, by name. */
export async function readDependencyLicences(root = process.cwd(), wanted: Record<string, string> = dependencies): Promise<DependencyLicence[]> {
  const dirs = searchPaths(root);
  const rows = await Promise.all(
    Object.entries(wanted).map(async ([name, range]) => {
      const manifest = await readManifest(dirs, name);
      const installed = manifest && typeof manifest.version === "string" ? manifest.version : null;
      return { name, version: installed ?? range, licence: licenceOf(manifest) };
    }),
  );
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}

let licences: Promise<DependencyLicence[]> | null = null;

/** The dependencies' licences, read on first use and kept for the process's life (they change only with a new install). */
export function dependencyLicences(): Promise<DependencyLicence[]> {
  licences ??= readDependencyLicences().catch((error) => {
    licences = null;
    throw error;
  });
  return licences;
}

/** The database this instance runs on and its server version. */
export async function databaseInfo(db: Executor): Promise<DatabaseInfo> {
  if (isPostgresDb(db)) {
    const { rows } = await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db);
    return { kind: "postgres", version: rows[0]?.v ?? null };
  }
  const { rows } = await sql<{ v: string }>`select sqlite_version() as v`.execute(db);
  return { kind: "sqlite", version: rows[0]?.v ?? null };
}
