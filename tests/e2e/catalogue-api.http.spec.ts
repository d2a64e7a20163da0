import type { APIRequestContext } from "@playwright/test";
import { OPENAPI_DOCUMENT } from "~/modules/api/openapi";
import { rotateApiKey } from "~/modules/settings/api-keys.server";
import { expect, test } from "../support/fixtures";
import { withLock } from "../support/helpers";

/**
 * The catalogue API over HTTP (issue 18 §1, §6): 401 without or with a rotated key, paging with
 * stable order and links, only approved services outside the bin, answers in the documented shape.
 */

type Schema = { type?: string | readonly string[]; required?: readonly string[]; properties?: Record<string, Schema>; items?: Schema; $ref?: string };
const schemas = OPENAPI_DOCUMENT.components.schemas as unknown as Record<string, Schema>;

/** The value's shape against a schema of the document: required keys, declared types, items. */
function mismatches(value: unknown, schema: Schema, at = "$"): string[] {
  if (schema.$ref) return mismatches(value, schemas[schema.$ref.split("/").pop()!], at);
  const types = schema.type === undefined ? [] : ([] as string[]).concat(schema.type);
  const actual = value === null ? "null" : Array.isArray(value) ? "array" : Number.isInteger(value) ? "integer" : typeof value;
  if (types.length && !types.includes(actual) && !(actual === "integer" && types.includes("number"))) return [`${at}: ${actual} is not ${types.join("|")}`];
  const out: string[] = [];
  if (actual === "object") {
    for (const key of schema.required ?? []) if (!(key in (value as object))) out.push(`${at}.${key}: missing`);
    for (const [key, sub] of Object.entries(schema.properties ?? {})) if (key in (value as object)) out.push(...mismatches((value as Record<string, unknown>)[key], sub, `${at}.${key}`));
  }
  if (actual === "array" && schema.items) (value as unknown[]).forEach((item, i) => out.push(...mismatches(item, schema.items!, `${at}[${i}]`)));
  return out;
}

const responseSchema = (path: string) =>
  (OPENAPI_DOCUMENT.paths as unknown as Record<string, { get: { responses: { "200": { content: { "application/json": { schema: Schema } } } } } }>)[path].get.responses["200"].content["application/json"].schema;

async function read(request: APIRequestContext, path: string, key?: string) {
  const response = await request.get(path, { headers: key ? { "X-Api-Key": key } : {} });
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

test("without a key, with a wrong one or a rotated one: 401 and no data; the document is public", async ({ request, db, make }) => {
  await withLock("api-key", async () => {
    const admin = await make.user("superadmin");
    const old = await rotateApiKey(db, admin);
    const current = await rotateApiKey(db, admin);
    for (const path of ["/api/services", "/api/categories", "/api/areas", "/api/servicecatalog", "/api/factory/kpis", "/api/factory/providers", "/api/services/1"]) {
      for (const key of [undefined, "shk_nonsense", old]) {
        const answer = await read(request, path, key);
        expect(answer.status, `${path} ${key ?? "no key"}`).toBe(401);
        expect(answer.body).toEqual({ message: "Unauthenticated." });
      }
      expect((await read(request, path, current)).status, path).not.toBe(401);
    }
  });
  const doc = await request.get("/api/openapi.json");
  expect(doc.status()).toBe(200);
  expect(((await doc.json()) as { openapi: string }).openapi).toBe("3.1.0");
});

test("services: 50 a page in id order with links; drafts and trashed services are not published; shapes as documented", async ({ request, db, make }) => {
  const { serviceIds } = await make.catalogueWithServices(3);
  const [approved, draft, trashed] = serviceIds;
  await db.updateTable("services").set({ status: "closed" }).where("id", "in", [approved, trashed]).execute();
  await db.updateTable("services").set({ deleted_at: new Date().toISOString() }).where("id", "=", trashed).execute();
  await make.option(approved, { name: "Option über API", position: 0 });
  await withLock("api-key", async () => {
    const key = await rotateApiKey(db, await make.user("superadmin"));
    const first = await read(request, "/api/services?page=1", key);
    expect(first.status).toBe(200);
    expect(mismatches(first.body, responseSchema("/api/services"))).toEqual([]);
    const lastPage = first.body.last_page as number;
    const total = first.body.total as number;
    const published = await db.selectFrom("services").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "closed").where("deleted_at", "is", null).executeTakeFirstOrThrow();
    expect(total).toBe(Number(published.n));
    expect(lastPage).toBe(Math.max(1, Math.ceil(total / 50)));
    expect((first.body.data as unknown[]).length).toBe(Math.min(50, total));
    expect(first.body.prev_page_url).toBeNull();

    const ids: number[] = [];
    let url: string | null = "/api/services?page=1";
    for (let page = 1; url; page++) {
      const answer = await read(request, `/api/services?page=${page}`, key);
      expect(answer.body.current_page).toBe(page);
      ids.push(...(answer.body.data as { id: number }[]).map((s) => s.id));
      url = answer.body.next_page_url as string | null;
      if (url) expect(url).toMatch(new RegExp(`/api/services\\?page=${page + 1}$`));
    }
    expect(ids).toHaveLength(total);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(ids).toContain(approved);
    expect(ids).not.toContain(draft);
    expect(ids).not.toContain(trashed);

    const one = await read(request, `/api/services/${approved}`, key);
    expect(one.status).toBe(200);
    expect((one.body.data as { options: { name: string }[] }).options.map((o) => o.name)).toEqual(["Option über API"]);
    expect((await read(request, `/api/services/${draft}`, key)).status).toBe(404);
    expect((await read(request, `/api/services/${trashed}`, key)).status).toBe(404);

    // Past the end: an empty page, still well-formed; nonsense reads as page 1.
    const beyond = await read(request, `/api/services?page=${lastPage + 1}`, key);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.next_page_url).toBeNull();
    expect((await read(request, "/api/services?page=x'--", key)).body.current_page).toBe(1);

    for (const path of ["/api/categories", "/api/areas", "/api/servicecatalog", "/api/factory/kpis", "/api/factory/providers"]) {
      const answer = await read(request, path, key);
      expect(answer.status, path).toBe(200);
      expect(mismatches(answer.body, responseSchema(path)), path).toEqual([]);
    }
  });
});
