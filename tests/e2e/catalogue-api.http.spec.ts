import type { APIRequestContext } from "@playwright/test";
import { OPENAPI_DOCUMENT } from "~/modules/api/openapi";
import { rotateApiKey } from "~/modules/settings/api-keys.server";
import { saveTranslation, setCatalogueLanguages } from "~/modules/translations/translations.server";
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
  const { catalogueId, serviceIds } = await make.catalogueWithServices(3);
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
    // Content languages (issue 37 §4): the full shape carries the translations; ?lang= shows them.
    const admin = await make.user("keyuser");
    await setCatalogueLanguages(db, catalogueId, "de", ["en"], admin);
    const original = (one.body.data as { name: string }).name;
    await saveTranslation(db, { subjectType: "service", subjectId: approved, field: "name", language: "en", value: "Printing over the API", source: original, expectedUpdatedAt: "" }, admin);
    const full = (await read(request, `/api/services/${approved}`, key)).body.data as Record<string, unknown>;
    expect(full).toMatchObject({ name: original, content_language: "de", translations: { en: { name: "Printing over the API" } } });
    const english = await read(request, `/api/services/${approved}?lang=en`, key);
    expect(english.body.data).toMatchObject({ name: "Printing over the API", language: "en" });
    expect(mismatches(english.body, (OPENAPI_DOCUMENT.paths["/api/services/{id}"].get.responses["200"].content["application/json"].schema as unknown as Schema))).toEqual([]);
    expect((await read(request, `/api/services/${approved}?lang=EN'--`, key)).status).toBe(400);
    expect((await read(request, "/api/services?page=1&lang=x1", key)).status).toBe(400);
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

test("releases: the published ones listed; a release's services in the shape of /api/services, as published — later edits and a withdrawal show", async ({ request, db, make }) => {
  const catalogueId = await make.catalogue({ title: "API-Releasekatalog" });
  const area = await make.area(catalogueId, { name: "API-Bereich" });
  const category = await make.category(catalogueId, { service_area_id: area, name: "API-Kategorie" });
  const owner = await make.owner({ name: "API-Owner" });
  const service = await make.service(catalogueId, category, { name: "API-Service", status: "closed", description: "<p>wie veröffentlicht</p>", owners: [owner], options: ["API-Option"], responsibilities: ["API-Aufgabe"], links: ["https://example.com/api"] });
  const release = await make.release(catalogueId, { label: "API 1" });
  const withdrawn = await make.release(catalogueId, { label: "API 0", withdrawn: "Test" });
  await db.updateTable("services").set({ description: "<p>später</p>", name: "API-Service neu" }).where("id", "=", service).execute();
  await withLock("api-key", async () => {
    const key = await rotateApiKey(db, await make.user("superadmin"));
    expect((await read(request, "/api/releases")).status).toBe(401);
    const list = await read(request, "/api/releases", key);
    expect(list.status).toBe(200);
    expect(mismatches(list.body, responseSchema("/api/releases"))).toEqual([]);
    const listed = (list.body.data as { id: number; label: string; catalogue_id: number; services_count: number }[]).filter((r) => r.catalogue_id === catalogueId);
    expect(listed).toEqual([expect.objectContaining({ id: release, label: "API 1", services_count: 1, catalogue_title: "API-Releasekatalog" })]);

    const page = await read(request, `/api/releases/${release}/services?page=1`, key);
    expect(page.status).toBe(200);
    expect(mismatches(page.body, responseSchema("/api/releases/{id}/services"))).toEqual([]);
    expect(page.body).toMatchObject({ total: 1, current_page: 1, last_page: 1 });
    expect((page.body.data as unknown[])[0]).toMatchObject({
      id: service,
      name: "API-Service",
      description: "<p>wie veröffentlicht</p>",
      category_name: "API-Kategorie",
      area_name: "API-Bereich",
      owners: ["API-Owner"],
      options: [expect.objectContaining({ name: "API-Option" })],
      responsibilities: [expect.objectContaining({ description: "API-Aufgabe", client: 0, it: 0 })],
      links: [expect.objectContaining({ url: "https://example.com/api" })],
    });
    // A withdrawn or unknown release is not published.
    expect((await read(request, `/api/releases/${withdrawn}/services`, key)).status).toBe(404);
    expect((await read(request, "/api/releases/999999999/services", key)).status).toBe(404);
  });
});
