import { sessionCookie } from "~/server/cookies.server";
import { createSession } from "~/modules/access/session.server";
import { expect, test } from "../support/fixtures";
import { serviceOfItsOwn, servicePage } from "../support/helpers";

/** Issue 32 §12, checked on the server's answer alone (no browser). */

test("a client reads on the service page why there is no Bearbeiten: the role", async ({ db, make, request }) => {
  const client = await make.user("client");
  const id = await serviceOfItsOwn(make);
  const cookie = (await sessionCookie.serialize(await createSession(db, client.id, "small-things"))).split(";")[0];
  const answer = await request.get(`http://127.0.0.1:${process.env.E2E_PORT}${servicePage(id)}`, { headers: { Cookie: cookie } });
  expect(answer.status()).toBe(200);
  const html = await answer.text();
  expect(html).toContain("Sie können diesen Service nur lesen: Ihre Rolle „Kunde“ darf keine Services bearbeiten.");
  expect(html).not.toContain('data-testid="edit-basics"');
});
