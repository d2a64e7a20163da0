import type { APIRequestContext } from "@playwright/test";
import { createSession } from "~/modules/access/session.server";
import { sessionCookie } from "~/server/cookies.server";
import type { DB } from "~/server/db/db.server";
import { expect, test } from "../support/fixtures";
import { serviceOfItsOwn, servicePage } from "../support/helpers";

/**
 * Issue 33 §3, on the server's answer alone (no browser): posts that were parsed by hand dropped a
 * value that is no id and saved the rest. Through their schemas they are refused, nothing is written.
 */

const base = () => `http://127.0.0.1:${process.env.E2E_PORT}`;

async function cookieOf(db: DB, userId: number) {
  return (await sessionCookie.serialize(await createSession(db, userId, "form-pipeline"))).split(";")[0];
}

/** A form post as a browser sends it, with repeated fields. */
function post(request: APIRequestContext, path: string, cookie: string, fields: [string, string][]) {
  return request.post(`${base()}${path}`, {
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    data: new URLSearchParams(fields).toString(),
    maxRedirects: 0,
  });
}

test("the service page refuses an owner tick that is no id and saves no owner", async ({ db, make, request }) => {
  const keyuser = await make.user("keyuser");
  const cookie = await cookieOf(db, keyuser.id);
  const id = await serviceOfItsOwn(make);
  const owner = await make.owner();
  const owners = () => db.selectFrom("service_owners").select("owner_id").where("service_id", "=", id).execute();
  const { updated_at } = await db.selectFrom("services").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow();

  const forged = await post(request, servicePage(id), cookie, [["intent", "relations"], ["updated_at", updated_at], ["owners", String(owner)], ["owners", "abc"]]);
  expect(forged.status()).toBe(400);
  expect(await forged.text()).toContain("validation.invalidChoice");
  expect(await owners()).toEqual([]);

  const honest = await post(request, servicePage(id), cookie, [["intent", "relations"], ["updated_at", updated_at], ["owners", String(owner)]]);
  expect(honest.status()).toBe(302);
  expect(await owners()).toEqual([{ owner_id: owner }]);
});

test("the browser's batch move refuses a checked service that is no id and moves nothing", async ({ db, make, request }) => {
  const keyuser = await make.user("keyuser");
  const cookie = await cookieOf(db, keyuser.id);
  const source = await make.catalogue();
  const target = await make.catalogue();
  const category = await make.category(source);
  const service = await make.service(source, category);
  await make.useCatalogue(keyuser.id, source);

  const forged = await post(request, "/servicecatalog?index", cookie, [["intent", "batch"], ["target", String(target)], ["service", String(service)], ["service", "abc"]]);
  expect(forged.status()).toBe(400);
  expect(await forged.text()).toContain("validation.invalidChoice");
  const row = await db.selectFrom("services").select("service_catalogue_id").where("id", "=", service).executeTakeFirstOrThrow();
  expect(row.service_catalogue_id).toBe(source);
});
