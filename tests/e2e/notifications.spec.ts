import { addSessionCookie, expect, findMail, gotoReady, test, unique } from "../support/fixtures";
import { openEditor, servicePage, toast } from "../support/helpers";

/**
 * In-app notifications (issue 36 §5, decision 0078), with JavaScript and without: an editor sends
 * a service to review and the approver's bell counts it and the list leads to it; the approver
 * approves and the editor is told; read one, read all. Every approver of the shared test database
 * is told of every other test's review requests too: counts are compared with the database.
 */

test("sent to review → the approver's bell and list; approved → the editor is told; marked read", async ({ page, db, make, login, browser, baseURL, javaScriptEnabled }) => {
  const tag = unique("Glocke");
  const catalogueId = await make.catalogue({ title: `Katalog ${tag}` });
  const category = await make.category(catalogueId, { name: `Kategorie ${tag}` });
  const id = await make.service(catalogueId, category, { name: `Dienst ${tag}` });
  const approver = await make.user("admin", { name: `Anna Approver ${tag}` });
  const editor = await login("keyuser");
  const unreadOf = async (userId: number, upTo = Number.MAX_SAFE_INTEGER) =>
    Number((await db.selectFrom("notifications").select((eb) => eb.fn.countAll().as("n")).where("user_id", "=", userId).where("read_at", "is", null).where("id", "<=", upTo).executeTakeFirst())?.n ?? 0);
  const about = (userId: number) => db.selectFrom("notifications").select(["id", "kind", "read_at"]).where("user_id", "=", userId).where("service_id", "=", id).orderBy("id").execute();

  // The editor sends the service to review.
  await gotoReady(page, servicePage(id), javaScriptEnabled);
  await openEditor(page.locator("section#basics"));
  await page.locator('section#basics select[name="status"]').selectOption("checking");
  await page.locator("section#basics details form").getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page)).toContainText("Service erfolgreich aktualisiert");

  // The approver's bell counts it; the list leads to the service's basics.
  const other = await browser.newContext({ baseURL, javaScriptEnabled, locale: "de-DE" });
  await addSessionCookie(db, other, baseURL!, approver.id);
  const approverPage = await other.newPage();
  expect((await about(approver.id)).map((n) => n.kind)).toEqual(["review_requested"]);
  await expect(async () => {
    await gotoReady(approverPage, "/dashboard", javaScriptEnabled);
    const unread = await unreadOf(approver.id);
    await expect(approverPage.getByTestId("bell-count")).toHaveText(String(unread), { timeout: 500 });
    await expect(approverPage.getByTestId("bell")).toHaveAttribute("aria-label", `Benachrichtigungen, ${unread} ungelesen`, { timeout: 500 });
  }).toPass();
  await approverPage.getByTestId("bell").click();
  const ours = approverPage.getByTestId("notification").filter({ hasText: `Dienst ${tag}` });
  await expect(ours).toContainText(`„Dienst ${tag}“ wartet auf Ihre Prüfung (${editor.name} hat den Service zur Überprüfung gegeben).`);
  await expect(ours.getByRole("link")).toHaveAttribute("href", `/servicecatalog/service/${id}?edit=basics#basics`);

  // Read one, then all (those there when the page was shown).
  await ours.getByRole("button", { name: "Gelesen" }).click();
  await expect(toast(approverPage)).toContainText("Als gelesen markiert.");
  expect((await about(approver.id))[0].read_at).not.toBeNull();
  // The same again (a second tab, a stale page) changes nothing and says so.
  const again = await approverPage.request.post("/notifications", { form: { intent: "read", id: String((await about(approver.id))[0].id) } });
  expect(await again.text()).toContain("Nichts geändert: Diese Benachrichtigung ist schon gelesen oder nicht Ihre.");
  // Other tests' review requests keep arriving for every approver: the page is loaded after the
  // newest id is taken, so it holds every notification up to it.
  const shown = (await db.selectFrom("notifications").select((eb) => eb.fn.max("id").as("max")).where("user_id", "=", approver.id).executeTakeFirst())?.max ?? 0;
  await gotoReady(approverPage, "/notifications", javaScriptEnabled);
  if (await unreadOf(approver.id, Number(shown))) {
    await approverPage.getByTestId("all-read").click();
    await expect(toast(approverPage)).toContainText("Alle Benachrichtigungen als gelesen markiert.");
    expect(await unreadOf(approver.id, Number(shown))).toBe(0);
  }

  // The approver approves: the editor (the last to save it) is told.
  await gotoReady(approverPage, servicePage(id), javaScriptEnabled);
  await openEditor(approverPage.locator("section#basics"));
  await approverPage.locator('section#basics select[name="status"]').selectOption("closed");
  await approverPage.locator("section#basics details form").getByRole("button", { name: "Speichern" }).click();
  await expect(toast(approverPage)).toContainText("Service erfolgreich aktualisiert");
  await other.close();

  expect((await about(editor.id)).map((n) => n.kind)).toEqual(["approved"]);
  await gotoReady(page, "/notifications", javaScriptEnabled);
  await expect(page.getByTestId("notification").filter({ hasText: `Dienst ${tag}` })).toContainText(`„Dienst ${tag}“ wurde von Anna Approver ${tag} abgenommen.`);
  await expect(page.getByTestId("bell-count")).toBeVisible();
  const seen = (await db.selectFrom("notifications").select((eb) => eb.fn.max("id").as("max")).where("user_id", "=", editor.id).executeTakeFirst())?.max ?? 0;
  await page.getByTestId("all-read").click();
  await expect(toast(page)).toContainText("Alle Benachrichtigungen als gelesen markiert.");
  expect(await unreadOf(editor.id, Number(seen))).toBe(0);
});

test("e-mail at once: the reviewer chooses it, the mail arrives, its link unsubscribes without signing in", async ({ page, db, make, login, browser, baseURL, javaScriptEnabled }) => {
  const tag = unique("Post");
  const catalogueId = await make.catalogue({ title: `Katalog ${tag}` });
  const category = await make.category(catalogueId, { name: `Kategorie ${tag}` });
  const id = await make.service(catalogueId, category, { name: `Dienst ${tag}` });
  const approver = await make.user("admin", { name: `Mara Mail ${tag}` });
  const wanted = async () => (await db.selectFrom("notification_prefs").select("delivery").where("user_id", "=", approver.id).where("kind", "=", "review_requested").executeTakeFirst())?.delivery ?? "inapp";

  // The reviewer asks for mails at once when something waits for their review.
  const reviewer = await browser.newContext({ baseURL, javaScriptEnabled, locale: "de-DE" });
  await addSessionCookie(db, reviewer, baseURL!, approver.id);
  const reviewerPage = await reviewer.newPage();
  await gotoReady(reviewerPage, "/settings/notifications", javaScriptEnabled);
  await reviewerPage.getByRole("combobox", { name: "Service wartet auf meine Prüfung", exact: true }).selectOption({ label: "Sofort per E-Mail" });
  await reviewerPage.getByTestId("save-notification-prefs").click();
  await expect(toast(reviewerPage)).toContainText("Einstellungen gespeichert");
  expect(await wanted()).toBe("mail");
  await expect(reviewerPage.getByRole("combobox", { name: "Service wartet auf meine Prüfung", exact: true })).toHaveValue("mail");
  await reviewer.close();

  // An editor sends the service to review: the mail arrives, with a one-click unsubscribe.
  await login("keyuser");
  await gotoReady(page, servicePage(id), javaScriptEnabled);
  await openEditor(page.locator("section#basics"));
  await page.locator('section#basics select[name="status"]').selectOption("checking");
  await page.locator("section#basics details form").getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page)).toContainText("Service erfolgreich aktualisiert");
  const mail = await findMail(approver.email, `Dienst ${tag}`);
  expect(mail).toContain(`Hallo Mara Mail ${tag}`);
  expect(mail).toContain(`/servicecatalog/service/${id}?edit=basics#basics`);
  expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  const link = mail.match(/https?:\/\/[^\s>]+\/unsubscribe\/[A-Za-z0-9._-]+/)?.[0];
  expect(link).toBeTruthy();

  // The link, in a browser that is not signed in: a visit alone changes nothing; one click does.
  const stranger = await browser.newContext({ javaScriptEnabled, locale: "de-DE" });
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(link!);
  await expect(strangerPage.getByRole("heading", { name: "E-Mails abbestellen" })).toBeVisible();
  expect(await wanted()).toBe("mail");
  await strangerPage.getByRole("button", { name: "Abbestellen" }).click();
  await expect(strangerPage.getByTestId("unsubscribed")).toContainText("Abbestellt: Für „Service wartet auf meine Prüfung“ erhalten Sie keine E-Mails mehr.");
  expect(await wanted()).toBe("inapp");
  // A forged link finds nothing.
  const forged = await strangerPage.request.get(link!.replace(/\.[^.]+$/, ".forged"));
  expect(forged.status()).toBe(404);
  await stranger.close();
});
