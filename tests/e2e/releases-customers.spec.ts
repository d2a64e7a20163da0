import mammoth from "mammoth";
import { addSessionCookie, expect, gotoReady, test, unique } from "../support/fixtures";
import { PNG, servicePage, toast, withLicence } from "../support/helpers";

/**
 * Customers read releases (issue 35 §6), with JavaScript and without: a client of a catalogue
 * that shows customers its latest release reads that release — the browser, service pages,
 * search, dashboard and Word export — never a later edit or a draft, and none of the pages that
 * show only the working copy. A publisher switches the catalogue to "working copy" on the releases
 * page and the same client reads the working copy again.
 */

test("a client reads the latest release, not the later edit; the dashboard, search and Word export follow; 'working copy' shows the working copy", async ({
  page,
  db,
  make,
  login,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  const tag = unique("Kunde");
  const catalogueId = await make.catalogue({ title: `Katalog ${tag}` });
  const category = await make.category(catalogueId, { name: `Kategorie ${tag}` });
  const approved = await make.service(catalogueId, category, { name: `Freigegeben ${tag}`, status: "closed", servicetype: "it", description: "<p>Wie veröffentlicht</p>" });
  const draft = await make.service(catalogueId, category, { name: `Entwurf ${tag}`, status: "open" });
  const release = await make.release(catalogueId, { label: "2026.1" });
  // Edited after publishing (text and a picture): the working copy moves on, the release does not.
  await db.updateTable("services").set({ description: "<p>Später geändert</p>", picture: PNG.toString("base64"), picture_mime: "image/png" }).where("id", "=", approved).execute();

  const client = await login("client", { wordExport: true });
  await make.useCatalogue(client.id, catalogueId);

  // The browser leads to the release; its banner has no way into the working copy.
  await gotoReady(page, "/servicecatalog", javaScriptEnabled);
  await expect(page).toHaveURL(new RegExp(`/servicecatalog/releases/${release}$`));
  await expect(page.getByTestId("release-banner")).toContainText("Veröffentlichung 2026.1");
  await expect(page.getByTestId("to-working-copy")).toHaveCount(0);
  await expect(page.getByTestId("release-service")).toHaveText([`Freigegeben ${tag}`]);
  // The menu offers no working-copy screen.
  for (const path of ["/reports", "/sla", "/tools", "/views", "/servicecatalog/releases"]) {
    await expect(page.locator(`#side-menu a[href="${path}"]`)).toHaveCount(0);
  }

  // Full-text search over the release: the published words, not the later ones.
  await page.getByTestId("release-search").fill("veröffentlicht");
  await page.getByTestId("release-search-submit").click();
  await expect(page.getByTestId("release-found")).toContainText("1 Service");
  await page.getByTestId("release-search").fill("Später");
  await page.getByTestId("release-search-submit").click();
  await expect(page.getByTestId("release-found")).toContainText("0 Services");

  // The list view: the release's services in a table, with the search kept.
  await page.getByTestId("release-view-list").click();
  await expect(page).toHaveURL(/view=list/);
  await expect(page.getByTestId("release-list")).toHaveCount(0);
  await page.getByTestId("release-search").fill("");
  await page.getByTestId("release-search-submit").click();
  await expect(page.getByTestId("release-list").getByRole("row")).toHaveCount(2);
  await expect(page.getByTestId("release-list")).toContainText(`Kategorie ${tag}`);
  await expect(page.getByTestId("release-list")).toContainText("IT-Service");

  // The service page, also by the working copy's address, shows the release's text.
  await page.goto(servicePage(approved));
  await expect(page).toHaveURL(new RegExp(`/servicecatalog/releases/${release}/service/${approved}$`));
  await expect(page.getByText("Wie veröffentlicht")).toBeVisible();
  await expect(page.getByText("Später geändert")).toHaveCount(0);
  // A draft is not in the release: not found, also by its address.
  const missing = await page.goto(servicePage(draft));
  expect(missing?.status()).toBe(404);
  // Nor the picture added later: not by the working copy's address, and the release froze none.
  expect((await page.request.get(`/images/service/${approved}`)).status()).toBe(404);
  expect((await page.request.get(`/servicecatalog/releases/${release}/service/${approved}/picture`)).status()).toBe(404);
  // Pages that only show the working copy are refused.
  await page.goto("/reports");
  await expect(page).toHaveURL(/\/unauthorized$/);

  // The dashboard counts the release.
  await page.goto("/dashboard");
  await expect(page.getByTestId("dashboard-release")).toContainText("2026.1");
  await expect(page.getByTestId("status-open")).toHaveCount(0);
  await expect(page.getByTestId("latest-changes")).toHaveCount(0);

  // The Word export is the release's, with or without the working copy's address.
  await withLicence(db, true, async () => {
    for (const url of [`/servicecatalog/releases/${release}/export.docx`, "/servicecatalog/export.docx"]) {
      const answer = await page.request.get(url);
      expect(answer.status()).toBe(200);
      const html = (await mammoth.convertToHtml({ buffer: await answer.body() })).value;
      expect(html).toContain("Wie veröffentlicht");
      expect(html).not.toContain("Später geändert");
      expect(html).not.toContain(`Entwurf ${tag}`);
    }
  });

  // The cover sheet of the release opens from its banner.
  await page.goto(`/servicecatalog/releases/${release}`);
  await page.getByTestId("release-frame").click();
  await expect(page).toHaveURL(new RegExp(`/servicecatalog/releases/${release}/frame$`));
  await expect(page.getByTestId("frame-sheet")).toBeVisible();

  // A publisher sets "Kunden sehen: Arbeitsstand".
  const publisherContext = await browser.newContext({ baseURL, javaScriptEnabled });
  const publisher = await make.user("keysuperuser");
  await make.useCatalogue(publisher.id, catalogueId);
  await addSessionCookie(db, publisherContext, baseURL!, publisher.id);
  const admin = await publisherContext.newPage();
  await gotoReady(admin, "/servicecatalog/releases", javaScriptEnabled);
  await expect(admin.getByTestId("customer-view-now")).toHaveText("Kunden lesen zurzeit die Veröffentlichung 2026.1.");
  // Editors see the working copy's picture.
  expect((await admin.request.get(`/images/service/${approved}`)).status()).toBe(200);
  await admin.getByTestId("customer-view").getByLabel("Arbeitsstand").check();
  await admin.getByTestId("customer-view-save").click();
  await expect(toast(admin)).toContainText("Gespeichert: was Kunden sehen.");
  await expect(admin.getByTestId("customer-view-now")).toHaveText("Kunden lesen den Arbeitsstand.");
  // Saved again as it is: said so, and no second activity.
  await admin.getByTestId("customer-view-save").click();
  await expect(toast(admin)).toContainText("Kunden sahen das schon so: nichts geändert.");
  const changes = await db.selectFrom("activities").select("id").where("subject_type", "=", "catalogue").where("subject_id", "=", String(catalogueId)).where("new_values", "like", "%customer_view%").execute();
  expect(changes).toHaveLength(1);
  await publisherContext.close();
  expect((await db.selectFrom("service_catalogues").select("customer_view").where("id", "=", catalogueId).executeTakeFirstOrThrow()).customer_view).toBe("working");

  // Now the client reads the working copy: the later edit and the draft.
  await gotoReady(page, "/servicecatalog", javaScriptEnabled);
  await expect(page).toHaveURL(/\/servicecatalog$/);
  await page.goto(servicePage(approved));
  await expect(page.getByText("Später geändert")).toBeVisible();
  expect((await page.request.get(`/images/service/${approved}`)).status()).toBe(200);
  expect((await page.goto(`/servicecatalog/releases/${release}`))?.status()).toBe(404);
});
