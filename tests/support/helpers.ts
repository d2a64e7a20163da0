import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import type { Kysely } from "kysely";
import type { DB } from "~/server/db/db.server";
import { factories, type Factories, type ServiceSpec } from "../factories";

/**
 * Helpers the e2e specs share: small generators, page shortcuts, a cross-process lock and the
 * few rows the factories do not build themselves.
 */

/** Eight random hex digits: a marker that keeps names and search terms of one test apart. */
export const hex = () => crypto.randomBytes(4).toString("hex");

/** A valid 1×1 PNG. */
export const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

/** The database without its table types, for tests that pick the table at run time. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const anyDb = (db: DB) => db as unknown as Kysely<any>;

export const servicePage = (id: number) => `/servicecatalog/service/${id}`;

export const toast = (page: Page) => page.getByTestId("toast");

/** A cross-process lock (both projects run in parallel on one database), e.g. for the single customer-data record. */
export async function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const dir = path.join(process.env.E2E_RUN_DIR ?? "data/e2e", `${name}.lock`);
  const deadline = Date.now() + 25_000;
  for (;;) {
    try {
      fs.mkdirSync(dir);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`lock ${name} not free`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs `fn` with the AI assistant's credits switched on (the configuration is global: the
 * "credits" lock), then restores the configuration and removes the usage the run recorded.
 */
export async function withAiCredits<T>(db: DB, fn: () => Promise<T>, mode: "contingent" | "unlimitedUse" = "contingent"): Promise<T> {
  return withLock("credits", async () => {
    const config = await db.selectFrom("token_configuration").selectAll().executeTakeFirstOrThrow();
    const usage = await db.selectFrom("token_usage").select("id").orderBy("id", "desc").executeTakeFirst();
    await db.updateTable("token_configuration").set({ is_active: 1, current_mode: mode, monthly_contingent: mode === "contingent" ? 10_000_000 : config.monthly_contingent }).execute();
    try {
      return await fn();
    } finally {
      await db.updateTable("token_configuration").set(config).execute();
      await db.deleteFrom("token_usage").where("id", ">", usage?.id ?? 0).execute();
    }
  });
}

/** The names of an owner's representatives, in their order. */
export async function representativesOf(db: DB, ownerId: number) {
  const rows = await db.selectFrom("owner_representatives").select("name").where("owner_id", "=", ownerId).orderBy("position").execute();
  return rows.map((r) => r.name);
}

/** An owner with its representatives (positions 0, 1, … in the given order): the factories build owners without them. */
export async function ownerWithRepresentatives(make: Factories, db: DB, name: string, representatives: string[]): Promise<number> {
  const id = await make.owner({ name });
  for (const [position, rep] of representatives.entries()) {
    await db.insertInto("owner_representatives").values({ owner_id: id, name: rep, position }).execute();
  }
  return id;
}

/** One service (open unless the spec says otherwise) in a catalogue and category of its own: the start of a service-page test. */
export async function serviceOfItsOwn(make: Factories, spec: ServiceSpec = {}): Promise<number> {
  const { serviceIds } = await make.catalogueWithServices(1, { service: { status: "open", ...spec } });
  return serviceIds[0];
}

/** A page a user can use: hydrated, or sent without scripts (`hydrate: false`, decision 0067). */
export const PAGE_READY = "html[data-hydrated], html[data-static-page]";

/** The export licence (a global setting) held in a state while `fn` runs, then restored; under the "export-licence" lock. */
const licence = async (db: DB) => (await db.selectFrom("settings").select("value").where("key", "=", "export_active").executeTakeFirst())?.value;

export async function withLicence<T>(db: DB, active: boolean, fn: () => Promise<T>): Promise<T> {
  return withLock("export-licence", async () => {
    const original = await licence(db);
    const value = JSON.stringify(active);
    await factories(db).setting("export_active", value);
    try {
      return await fn();
    } finally {
      if (original === undefined) await db.deleteFrom("settings").where("key", "=", "export_active").execute();
      else await db.updateTable("settings").set({ value: original }).where("key", "=", "export_active").execute();
    }
  });
}


/**
 * Opens the editor disclosure inside `scope` (decision 0073): with JS by its summary; without JS
 * the summary is hidden and a link leads to the page with the editor's form (`?edit=`).
 */
export async function openEditor(scope: Locator) {
  const summary = scope.locator("summary").first();
  if (await summary.isVisible()) return summary.click();
  await scope.locator("a[data-edit-link]").first().click();
}
