import { sessionCookie } from "~/server/cookies.server";
import { createSession } from "~/modules/access/session.server";
import type { DB } from "~/server/db/db.server";
import { expect, test, unique } from "../support/fixtures";

/**
 * Issue 35 §2: nothing changes a release after publishing. Every route of releases is posted every
 * intent (and stray fields that name a release's columns) as a superadmin, who may do the most;
 * the published release's snapshot — its items, their contents and its own columns apart from the
 * state — is compared byte for byte before and after.
 */

async function snapshot(db: DB, releaseId: number) {
  const release = await db
    .selectFrom("releases")
    .select(["id", "service_catalogue_id", "label", "note", "publisher_name", "published_by", "published_at", "header_hash", "service_count", "area_count", "category_count"])
    .where("id", "=", releaseId)
    .executeTakeFirstOrThrow();
  const items = await db
    .selectFrom("release_items as i")
    .innerJoin("release_contents as c", "c.hash", "i.content_hash")
    .select(["i.kind", "i.item_id", "i.parent_id", "i.name", "i.position", "i.content_hash", "c.body"])
    .where("i.release_id", "=", releaseId)
    .orderBy("i.kind")
    .orderBy("i.item_id")
    .execute();
  const header = await db.selectFrom("release_contents").select("body").where("hash", "=", release.header_hash!).executeTakeFirstOrThrow();
  return JSON.stringify({ release, items, header });
}

const INTENTS = [null, "update", "delete", "publish", "withdraw", "reinstate", "save", "move", "create", "restore"];
const STRAY = { label: "Übernommen", note: "<p>Überschrieben</p>", reason: "Probe", state: "withdrawn", service_count: "0", published_at: "2000-01-01T00:00:00.000Z", updated_at: "2000-01-01T00:00:00.000Z" };

test("no post to any release route changes a published release's snapshot", async ({ db, make, request }) => {
  const admin = await make.user("superadmin");
  const catalogueId = await make.catalogue({ title: unique("Unveränderlich") });
  const category = await make.category(catalogueId);
  const service = await make.service(catalogueId, category, { status: "closed", description: "<p>Stand</p>", options: ["Basis"] });
  await make.useCatalogue(admin.id, catalogueId);
  const release = await make.release(catalogueId, { label: "1.0", note: "<p>Hinweis</p>", by: { id: admin.id, name: admin.name } });
  const before = await snapshot(db, release);
  const cookie = (await sessionCookie.serialize(await createSession(db, admin.id, "releases-immutable"))).split(";")[0];
  const base = `http://127.0.0.1:${process.env.E2E_PORT}/servicecatalog/releases`;
  const paths = ["", "/new", `/${release}`, `/${release}/withdraw`, `/${release}/reinstate`, `/${release}/delete`, `/${release}/service/${service}`, `/${release}/service/${service}/picture`];
  const statuses: Record<string, number[]> = {};
  for (const path of paths) {
    for (const intent of INTENTS) {
      const form = { ...STRAY, ...(intent ? { intent } : {}) };
      const answer = await request.post(`${base}${path}`, { form, headers: { Cookie: cookie }, maxRedirects: 0 });
      (statuses[path] ??= []).push(answer.status());
      expect(answer.status(), `${path} ${intent}`).toBeLessThan(500);
    }
  }
  // Withdrawing and re-instating did happen (they change the state, not the snapshot); a published
  // release was not deleted; the pages without a form refuse posts.
  expect(statuses[`/${release}/withdraw`]).toEqual([302, ...Array(INTENTS.length - 1).fill(400)]);
  expect(statuses[`/${release}/reinstate`]).toEqual([302, ...Array(INTENTS.length - 1).fill(400)]);
  expect(new Set(statuses[`/${release}/delete`])).toEqual(new Set([400]));
  expect(new Set(statuses[`/${release}`])).toEqual(new Set([405]));
  expect(await snapshot(db, release)).toBe(before);
  // Posting "new" published other releases of the catalogue; they share the unchanged contents.
  expect(Number((await db.selectFrom("releases").select((eb) => eb.fn.countAll().as("n")).where("service_catalogue_id", "=", catalogueId).executeTakeFirstOrThrow()).n)).toBeGreaterThan(1);
});

test("revoking a link of another release, or none, is a 404 and changes nothing", async ({ db, make, request }) => {
  const admin = await make.user("superadmin");
  const catalogueId = await make.catalogue({ title: unique("Links") });
  const mine = await make.release(catalogueId, { label: "1" });
  const other = await make.release(catalogueId, { label: "2" });
  const { createReleaseLink } = await import("~/modules/releases/release-links.server");
  const { id: link } = await createReleaseLink(db, other, { label: null, expiresAt: null }, { id: admin.id, name: admin.name });
  const cookie = (await sessionCookie.serialize(await createSession(db, admin.id, "releases-links"))).split(";")[0];
  const base = `http://127.0.0.1:${process.env.E2E_PORT}/servicecatalog/releases/${mine}/share`;
  for (const id of [String(link), "999999999"]) {
    const answer = await request.post(base, { form: { intent: "revoke", link: id }, headers: { Cookie: cookie }, maxRedirects: 0 });
    expect(answer.status(), id).toBe(404);
  }
  expect((await db.selectFrom("release_links").select("revoked_at").where("id", "=", link).executeTakeFirstOrThrow()).revoked_at).toBeNull();
});

