import zlib from "node:zlib";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servicesLoader } from "~/modules/api/catalogue-api.server";
import { acceptsGzip, matchesEtag } from "~/modules/api/page-cache.server";
import { trashService } from "~/modules/service/service-lifecycle.server";
import { updateBaseData } from "~/modules/basedata/basedata.server";
import { ENTITIES } from "~/modules/basedata/entities";
import { rotateApiKey } from "~/modules/settings/api-keys.server";
import { createDb } from "~/server/db/db.server";
import type { Database } from "~/server/db/schema";
import { factories } from "../../factories";
import { useTestDb } from "../../support/test-db";

/**
 * The catalogue API's page cache and ETag (issue 34 §4, decision 0062): an unchanged page is
 * answered 304, every write the API shows changes the answer and its ETag — also a write through
 * another connection, as another app server makes it — and nothing cached reaches a caller
 * without the active key.
 */
type DB = Kysely<Database>;
const t = useTestDb();
const make = factories(() => t.db);
const g = globalThis as unknown as { __servicehubDb?: DB };
let previous: DB | undefined;
let key: string;
let admin: { id: number; name: string };
let approved: number[];
let ownerId: number;

beforeAll(async () => {
  previous = g.__servicehubDb;
  g.__servicehubDb = t.db;
  admin = await make.user("superadmin");
  key = await rotateApiKey(t.db, admin);
  ownerId = await make.owner({ name: "Eignerin Alt" });
  const { serviceIds } = await make.catalogueWithServices(3, { service: { name: "Veröffentlicht", options: ["Option A"] } });
  approved = serviceIds;
  await make.relate(approved[0], { owners: [ownerId] });
  await t.db.updateTable("services").set({ status: "closed" }).where("id", "in", approved).execute();
});
afterAll(() => {
  g.__servicehubDb = previous;
});

async function get(headers: Record<string, string> = {}, apiKey: string | null = key) {
  const request = new Request("http://servicehub.test/api/services?page=1", { headers: { ...(apiKey ? { "X-Api-Key": apiKey } : {}), ...headers } });
  let response: Response;
  try {
    response = (await servicesLoader({ request, params: {}, context: {} })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) response = thrown;
    else throw thrown;
  }
  const text = await response.text();
  return { status: response.status, etag: response.headers.get("ETag"), text, json: text ? (JSON.parse(text) as { total: number; data: { id: number; name: string; owners: string[]; options: { name: string }[] }[] }) : null };
}

describe("the API's services page", () => {
  it("answers an unchanged page with 304 and no body, and a changed one in full with a new ETag", async () => {
    const first = await get();
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^W\/".+"$/);
    expect(first.json?.data.map((s) => s.id)).toEqual(approved);

    const again = await get({ "If-None-Match": first.etag! });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    expect(again.etag).toBe(first.etag);
    // A list of tags with the current one among them also matches.
    expect((await get({ "If-None-Match": `W/"other", ${first.etag}` })).status).toBe(304);
    // A client that takes gzip gets the same page compressed, under the same tag.
    const request = new Request("http://servicehub.test/api/services?page=1", { headers: { "X-Api-Key": key, "Accept-Encoding": "gzip, deflate" } });
    const gzipped = (await servicesLoader({ request, params: {}, context: {} })) as Response;
    expect(gzipped.headers.get("Content-Encoding")).toBe("gzip");
    expect(gzipped.headers.get("ETag")).toBe(first.etag);
    expect(zlib.gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString("utf8")).toBe(first.text);

    await t.db.updateTable("services").set({ name: "Umbenannt" }).where("id", "=", approved[1]).execute();
    const renamed = await get({ "If-None-Match": first.etag! });
    expect(renamed.status).toBe(200);
    expect(renamed.etag).not.toBe(first.etag);
    expect(renamed.json?.data[1].name).toBe("Umbenannt");
  });

  it("shows every kind of write it publishes at once: base data, children, the bin — also from another server's connection", async () => {
    const causer = { id: admin.id, name: admin.name };
    // A base-data rename through the app's own write path.
    const owner = await t.db.selectFrom("owners").select("updated_at").where("id", "=", ownerId).executeTakeFirstOrThrow();
    const before = await get();
    await updateBaseData(t.db, ENTITIES.owner, ownerId, { name: "Eignerin Neu" }, owner.updated_at, causer);
    const afterRename = await get();
    expect(afterRename.json?.data[0].owners).toEqual(["Eignerin Neu"]);
    expect(afterRename.etag).not.toBe(before.etag);

    // A deleted option, written by a second handle on the same database (another app server).
    const other = createDb(t.url);
    try {
      await other.deleteFrom("service_options").where("service_id", "=", approved[0]).execute();
    } finally {
      await other.destroy();
    }
    const afterDelete = await get();
    expect(afterDelete.json?.data[0].options).toEqual([]);
    expect(afterDelete.etag).not.toBe(afterRename.etag);

    // A service moved to the bin is no longer published.
    const service = await t.db.selectFrom("services").select("updated_at").where("id", "=", approved[2]).executeTakeFirstOrThrow();
    await trashService(t.db, approved[2], service.updated_at, causer);
    const afterTrash = await get();
    expect(afterTrash.json?.data.map((s) => s.id)).toEqual(approved.slice(0, 2));
    expect(afterTrash.json?.total).toBe(2);
  });

  it("gives nothing cached to a caller without the active key, whatever ETag they name", async () => {
    const current = await get();
    expect(current.status).toBe(200);
    for (const apiKey of [null, "shk_wrong"]) {
      const refused = await get({ "If-None-Match": current.etag! }, apiKey);
      expect(refused.status).toBe(401);
      expect(refused.text).not.toContain("Veröffentlicht");
      expect(refused.etag).toBeNull();
    }
    // A rotated-away key no longer sees the cached page either.
    const old = key;
    key = await rotateApiKey(t.db, admin);
    const revoked = await get({ "If-None-Match": current.etag! }, old);
    expect(revoked.status).toBe(401);
    expect(revoked.text).not.toContain("Veröffentlicht");
    expect((await get({ "If-None-Match": current.etag! })).status).toBe(304);
  });
});

describe("the cache headers", () => {
  it("match an ETag weakly, in a list or as *, and take gzip unless refused with q=0", () => {
    expect(["W/\"a\"", "\"a\"", " W/\"b\", W/\"a\"", "*"].map((h) => matchesEtag(h, "W/\"a\""))).toEqual([true, true, true, true]);
    expect([null, "", "W/\"b\"", "a"].map((h) => matchesEtag(h, "W/\"a\""))).toEqual([false, false, false, false]);
    expect(["gzip", "br, gzip;q=0.5", "*", "GZIP"].map(acceptsGzip)).toEqual([true, true, true, true]);
    expect([null, "identity", "gzip;q=0", "br"].map(acceptsGzip)).toEqual([false, false, false, false]);
  });
});
