import { addSessionCookie, expect, gotoReady, test, unique } from "../support/fixtures";
import { servicePage, toast } from "../support/helpers";

/**
 * Comments on a service (issue 36 §7, decision 0080), with JavaScript and without: an editor
 * writes a comment in Markdown and mentions a colleague (with JS by typing "@", without JS in the
 * select); the colleague is notified and finds it in "My work"; a reply, resolving the thread,
 * editing and deleting one's own; a client reads but cannot write.
 */
test("comment with a mention → the mentioned user's notification and My work; reply, resolve, edit, delete", async ({ page, db, make, login, browser, baseURL, javaScriptEnabled }) => {
  const tag = unique("Rede");
  const catalogueId = await make.catalogue({ title: `Katalog ${tag}` });
  const category = await make.category(catalogueId, { name: `Kategorie ${tag}` });
  const id = await make.service(catalogueId, category, { name: `Dienst ${tag}` });
  const colleague = await make.user("keyuser", { name: `Mira Mention ${tag}` });
  const author = await login("admin");

  await gotoReady(page, servicePage(id), javaScriptEnabled);
  const comments = page.getByTestId("comments");
  await expect(comments).toContainText("Noch keine Kommentare.");
  await comments.getByTestId("comment-new").click();
  const body = page.getByTestId("comment-body");
  if (javaScriptEnabled) {
    // Enough of the name to pick this test's colleague (other runs left more "Mira Mention …").
    await body.pressSequentially(`**Bitte** die Kosten prüfen, @Mira Mention ${tag.slice(0, -3)}`);
    await expect(page.getByTestId("mention-suggestions")).toContainText(`Mira Mention ${tag}`);
    await body.press("Enter");
    await expect(body).toHaveValue(`**Bitte** die Kosten prüfen, @Mira Mention ${tag} `);
    await body.pressSequentially("\n- Monatlich\n- [Preisliste](https://example.com/preise)");
  } else {
    await body.fill(`**Bitte** die Kosten prüfen, @Mira Mention ${tag}\n- Monatlich\n- [Preisliste](https://example.com/preise)`);
    await page.getByTestId("comment-mentions").selectOption({ label: `Mira Mention ${tag}` });
  }
  await page.getByTestId("comment-submit").click();
  await expect(toast(page)).toContainText("Kommentar gespeichert.");
  const thread = comments.getByTestId("comment-thread").first();
  await expect(thread.locator("strong", { hasText: "Bitte" })).toBeVisible();
  await expect(thread.locator("li")).toHaveCount(2);
  await expect(thread.getByRole("link", { name: "Preisliste" })).toHaveAttribute("rel", /noopener/);
  await expect(thread).toContainText(`Erwähnt: Mira Mention ${tag}`);
  const rows = await db.selectFrom("service_comments").select(["id", "body"]).where("service_id", "=", id).execute();
  expect(rows).toHaveLength(1);
  expect(await db.selectFrom("activities").select("event").where("subject_type", "=", "service").where("subject_id", "=", String(id)).where("event", "=", "comment_added").execute()).toHaveLength(1);

  // The mentioned colleague: a notification and a row in "My work".
  expect(await db.selectFrom("notifications").select(["kind", "actor_name"]).where("user_id", "=", colleague.id).where("service_id", "=", id).execute()).toEqual([{ kind: "mention", actor_name: author.name }]);
  const other = await browser.newContext({ baseURL, javaScriptEnabled, locale: "de-DE" });
  await addSessionCookie(db, other, baseURL!, colleague.id);
  const colleaguePage = await other.newPage();
  await gotoReady(colleaguePage, "/my-work", javaScriptEnabled);
  await expect(colleaguePage.getByTestId("work-mentions").getByRole("link", { name: `Dienst ${tag}` })).toHaveAttribute("href", `/servicecatalog/service/${id}#comments`);
  // The colleague replies.
  await gotoReady(colleaguePage, servicePage(id), javaScriptEnabled);
  await colleaguePage.getByTestId("comments").getByRole("link", { name: "Antworten" }).click();
  await colleaguePage.getByTestId("comment-body").fill("Erledigt, *danke*.");
  await colleaguePage.getByTestId("comment-submit").click();
  await expect(toast(colleaguePage)).toContainText("Antwort gespeichert.");
  await expect(colleaguePage.getByTestId("comment-thread").first().getByTestId("comment")).toHaveCount(2);
  await other.close();

  // The author edits their own comment (within 15 minutes), then resolves the thread.
  await gotoReady(page, servicePage(id), javaScriptEnabled);
  await page.getByTestId("comment-thread").first().getByTestId("comment-edit").first().click();
  await page.getByTestId("comment-body").fill("Bitte die Kosten prüfen.");
  await page.getByTestId("comment-submit").click();
  await expect(toast(page)).toContainText("Kommentar geändert.");
  await expect(page.getByTestId("comment-thread").first()).toContainText("bearbeitet");
  await page.getByTestId("thread-resolve").click();
  await expect(toast(page)).toContainText("Diskussion als erledigt markiert.");
  await expect(page.getByTestId("comment-thread").first()).toContainText(`Erledigt von ${author.name}`);
  // Resolved: no longer in the colleague's "My work".
  const stillMentioned = await db
    .selectFrom("service_comments")
    .select("resolved_at")
    .where("id", "=", rows[0].id)
    .executeTakeFirstOrThrow();
  expect(stillMentioned.resolved_at).not.toBeNull();

  // An admin deletes the thread (the colleague's reply goes with it).
  await page.getByTestId("comment-thread").first().locator("summary").click();
  await page.getByTestId("thread-reopen").click();
  await expect(toast(page)).toContainText("Diskussion wieder geöffnet.");
  await page.getByTestId("comment-thread").first().getByTestId("comment-delete").first().click();
  await expect(toast(page)).toContainText("Kommentar gelöscht.");
  await expect(page.getByTestId("comments")).toContainText("Noch keine Kommentare.");
  expect(await db.selectFrom("service_comments").select("id").where("service_id", "=", id).execute()).toEqual([]);
});

test("an empty comment is refused beside the field; a client reads comments but cannot write", async ({ page, db, make, login, javaScriptEnabled }) => {
  const tag = unique("Leser");
  const catalogueId = await make.catalogue({ title: `Katalog ${tag}` });
  const category = await make.category(catalogueId, { name: `Kategorie ${tag}` });
  const id = await make.service(catalogueId, category, { name: `Dienst ${tag}` });
  await db.insertInto("service_comments").values({ service_id: id, author_name: "Karl Kommentar", body: "Sichtbar für *alle*" }).execute();
  await login("keyuser");
  await gotoReady(page, `${servicePage(id)}?comment=new#new-comment`, javaScriptEnabled);
  await page.getByTestId("comment-body").fill("   ");
  await page.getByTestId("comment-submit").click();
  await expect(page.getByTestId("comment-form").getByRole("alert")).toHaveText("Bitte geben Sie einen Kommentar ein.");
  expect(await db.selectFrom("service_comments").select("id").where("service_id", "=", id).execute()).toHaveLength(1);

  await login("client");
  await gotoReady(page, servicePage(id), javaScriptEnabled);
  await expect(page.getByTestId("comments")).toContainText("Sichtbar für alle");
  await expect(page.getByTestId("comment-new")).toHaveCount(0);
  await expect(page.getByTestId("thread-resolve")).toHaveCount(0);
  const forbidden = await page.request.post(`${servicePage(id)}?index`, { form: { intent: "comment", body: "Kunde" } });
  expect(forbidden.status()).toBe(403);
  expect(await db.selectFrom("service_comments").select("id").where("service_id", "=", id).execute()).toHaveLength(1);
});
