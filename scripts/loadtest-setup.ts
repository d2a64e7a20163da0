/**
 * The load test's database (scripts/loadtest.ts): a fresh one for every run — an SQLite file
 * under data/ or, when DATABASE_URL is a Postgres URL, a new database on that server — migrated
 * and seeded with the demo content, a catalogue of services to read and edit, and keyusers to
 * sign in as.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { createDb, dialectOf, type DB, type Dialect } from "../app/server/db/db.server";
import { migrateToLatest } from "../app/server/db/migrate.server";
import { seedDemo } from "../app/server/db/seed.server";
import { createUser } from "../app/modules/access/user.server";
import { setCurrentCatalogue } from "../app/modules/catalogue/catalogue.server";
import { nowIso } from "../app/lib/time";

export interface FreshDatabase {
  url: string;
  dialect: Dialect;
  /** Where it is, for the report (a file or a database name; never a password). */
  label: string;
  /** Deletes it (the file with its WAL, or the Postgres database). */
  remove: () => Promise<void>;
}

export async function freshDatabase(baseUrl: string | undefined): Promise<FreshDatabase> {
  const suffix = `${new Date().toISOString().replace(/\D/g, "").slice(0, 14)}_${crypto.randomBytes(3).toString("hex")}`;
  if (dialectOf(baseUrl) === "postgres") {
    const name = `sh_load_${suffix}`;
    const admin = createDb(baseUrl);
    try {
      await sql`create database ${sql.id(name)}`.execute(admin);
    } finally {
      await admin.destroy();
    }
    const url = new URL(baseUrl!);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      dialect: "postgres",
      label: `Postgres ${url.host}/${name}`,
      remove: async () => {
        const admin2 = createDb(baseUrl);
        try {
          await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin2);
        } finally {
          await admin2.destroy();
        }
      },
    };
  }
  const dir = path.resolve("data", `loadtest-${suffix}`);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "servicehub.db");
  return { url: `file:${file}`, dialect: "sqlite", label: `SQLite ${path.relative(process.cwd(), file)}`, remove: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Words the generated service names are made of; the browser's search looks for them. */
export const SEARCH_TERMS = ["Firewall", "Backup", "Notebook", "Drucker", "Postfach", "VPN", "Telefonie", "Datenbank", "Webhosting", "Arbeitsplatz"];

export interface Seeded {
  users: { email: string; password: string }[];
  catalogueId: number;
  categoryIds: number[];
  serviceIds: number[];
}

export const LOAD_PASSWORD = "loadtest-password-123";

export async function seedLoadDatabase(db: DB, o: { users: number; services: number; categories: number }): Promise<Seeded> {
  await migrateToLatest(db);
  await seedDemo(db);
  const now = nowIso();
  const { id: catalogueId } = await db.insertInto("service_catalogues").values({ title: "Lasttest" }).returning("id").executeTakeFirstOrThrow();
  const categoryIds: number[] = [];
  for (let i = 0; i < o.categories; i++) {
    const { id } = await db
      .insertInto("service_categories")
      .values({ service_catalogue_id: catalogueId, service_area_id: null, name: `Lasttest-Kategorie ${i + 1}`, position: i })
      .returning("id")
      .executeTakeFirstOrThrow();
    categoryIds.push(id);
  }
  const serviceIds: number[] = [];
  const perCategory = new Map<number, number>();
  for (let start = 0; start < o.services; start += 200) {
    // Every row sets the same columns: a multi-row insert is safe on SQLite then.
    const rows = Array.from({ length: Math.min(200, o.services - start) }, (_, j) => {
      const i = start + j;
      const categoryId = categoryIds[i % categoryIds.length];
      const position = perCategory.get(categoryId) ?? 0;
      perCategory.set(categoryId, position + 1);
      return {
        service_catalogue_id: catalogueId,
        category_id: categoryId,
        name: `${SEARCH_TERMS[i % SEARCH_TERMS.length]} ${SEARCH_TERMS[(i * 7 + 3) % SEARCH_TERMS.length]} ${i + 1}`,
        position,
        status: "open" as const,
        created_at: now,
        updated_at: now,
      };
    });
    const inserted = await db.insertInto("services").values(rows).returning("id").execute();
    serviceIds.push(...inserted.map((r) => r.id));
  }
  const users: Seeded["users"] = [];
  for (let i = 0; i < o.users; i++) {
    const email = `loadtest-${i + 1}@example.com`;
    const id = await createUser(db, { name: `Lasttest ${i + 1}`, email, password: LOAD_PASSWORD, role: "keyuser" });
    // New services go to the user's current catalogue: the load test's.
    await setCurrentCatalogue(db, id, catalogueId);
    users.push({ email, password: LOAD_PASSWORD });
  }
  return { users, catalogueId, categoryIds, serviceIds };
}
