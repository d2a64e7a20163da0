import type { Page } from "@playwright/test";
import { formatDate } from "~/lib/dates";
import type { Factories } from "../factories";
import { expect, test, unique } from "../support/fixtures";
import mammoth from "mammoth";
import { servicePage, toast, withLicence } from "../support/helpers";

/**
 * Catalogue releases (issue 35), with JavaScript and without: publishing from the releases page
 * (what goes in, what is left out), reading a release while the working copy moves on, and
 * withdrawing, re-instating and deleting — with who may see what.
 */

const card = (page: Page, label: string) => page.getByTestId("release").filter({ has: page.getByTestId("release-label").getByText(label, { exact: true }) });

/** A catalogue with an approved service (with a description) and one in progress, made current for the user. */
async function catalogue(make: Factories, userId: number) {
  const tag = unique("Rel");
  const catalogueId = await make.catalogue({ title: `Katalog ${tag}` });
  const area = await make.area(catalogueId, { name: `Bereich ${tag}` });
  const category = await make.category(catalogueId, { service_area_id: area, name: `Kategorie ${tag}` });
  const approved = await make.service(catalogueId, category, { name: `Freigegeben ${tag}`, status: "closed", description: "<p>Beschreibung wie veröffentlicht</p>" });
  const inProgress = await make.service(catalogueId, category, { name: `In Arbeit ${tag}`, status: "open" });
  await make.useCatalogue(userId, catalogueId);
  return { tag, catalogueId, approved, inProgress };
}

test("a keysuperuser publishes the approved services; the release stays as published while the working copy changes", async ({ page, db, make, login, javaScriptEnabled }) => {
  const user = await login("keysuperuser");
  const c = await catalogue(make, user.id);
  await page.goto("/servicecatalog/releases");
  await expect(page.getByTestId("releases-empty")).toBeVisible();

  await page.getByTestId("publish-release").click();
  const dialog = page.getByRole("dialog", { name: "Katalog veröffentlichen" });
  await expect(dialog.getByTestId("publish-included")).toHaveText("1 freigegebener Service wird veröffentlicht.");
  await expect(dialog.getByTestId("publish-left-out")).toContainText("1 Service ist nicht freigegeben und bleibt außen vor.");
  await expect(dialog.getByRole("link", { name: "Nicht freigegebene Services anzeigen" })).toHaveAttribute("href", "/servicecatalog?status=open&status=checking");

  // The version is required: refused beside the field, nothing published.
  await dialog.getByTestId("publish-submit").click();
  await expect(dialog.getByText("Bitte füllen Sie dieses Feld aus.")).toBeVisible();
  expect(await db.selectFrom("releases").select("id").where("service_catalogue_id", "=", c.catalogueId).execute()).toEqual([]);

  await dialog.getByTestId("release-label-input").fill("2026.1");
  // With JS, the dialog shows the work in progress while the server publishes (held here until seen).
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  if (javaScriptEnabled) await page.route("**/servicecatalog/releases/new*", async (route) => (route.request().method() === "POST" ? (await held, route.continue()) : route.continue()));
  await dialog.getByTestId("publish-submit").click();
  if (javaScriptEnabled) {
    await expect(dialog.getByTestId("publish-progress")).toContainText("1 Service wird eingefroren");
    await expect(dialog.getByTestId("publish-submit")).toHaveText("Wird veröffentlicht …");
    answer();
  }
  await expect(page).toHaveURL(/\/servicecatalog\/releases\/\d+$/);
  await expect(toast(page)).toContainText("Version 2026.1 wurde veröffentlicht.");
  const today = formatDate(new Date(), "de");
  await expect(page.getByTestId("release-banner")).toContainText(`Veröffentlichung 2026.1, veröffentlicht am ${today}`);
  await expect(page.getByTestId("release-service")).toHaveText([`Freigegeben ${c.tag}`]);
  // Searching the release (a GET form): only matching names; a miss says so.
  await page.getByTestId("release-search").fill("freigeg");
  await page.getByTestId("release-search-submit").click();
  await expect(page.getByTestId("release-found")).toHaveText(`1 Service für „freigeg“ Suche zurücksetzen`);
  await expect(page.getByTestId("release-service")).toHaveText([`Freigegeben ${c.tag}`]);
  await page.getByTestId("release-search").fill("In Arbeit");
  await page.getByTestId("release-search-submit").click();
  await expect(page.getByTestId("release-found")).toContainText("0 Services für „In Arbeit“");
  await expect(page.getByTestId("release-service")).toHaveCount(0);
  await page.getByRole("link", { name: "Suche zurücksetzen" }).click();
  await expect(page.getByTestId("release-service")).toHaveText([`Freigegeben ${c.tag}`]);

  // The working copy changes after publishing.
  await db.updateTable("services").set({ description: "<p>Später geändert</p>", name: `Umbenannt ${c.tag}` }).where("id", "=", c.approved).execute();

  await page.getByTestId("release-service").click();
  await expect(page).toHaveURL(new RegExp(`/servicecatalog/releases/\\d+/service/${c.approved}$`));
  await expect(page.getByTestId("service-name")).toHaveText(`Freigegeben ${c.tag}`);
  await expect(page.getByText("Beschreibung wie veröffentlicht")).toBeVisible();
  await expect(page.getByText("Später geändert")).toHaveCount(0);
  // Read-only: no edit control, no history tab; the breadcrumb stays inside the release.
  await expect(page.getByRole("button", { name: /^Bearbeiten/ })).toHaveCount(0);
  await expect(page.getByTestId("tab-history")).toHaveCount(0);
  await expect(page.getByRole("link", { name: `Katalog ${c.tag}`, exact: true })).toHaveAttribute("href", /^\/servicecatalog\/releases\/\d+$/);

  // Back to the working copy: the edit shows there.
  await page.goto(servicePage(c.approved));
  await expect(page.getByTestId("service-name")).toHaveText(`Umbenannt ${c.tag}`);
  await expect(page.getByText("Später geändert")).toBeVisible();

  await page.goto("/servicecatalog/releases");
  await expect(card(page, "2026.1").getByTestId("release-counts")).toHaveText("1 Services · 1 Bereiche · 1 Kategorien");
  await expect(card(page, "2026.1").getByTestId("release-changes")).toHaveText("Erste Veröffentlichung");
});

test("withdraw hides a release from customers, re-instate brings it back, and only a superadmin deletes a withdrawn one", async ({ page, db, make, login, browser, baseURL }) => {
  const admin = await login("superadmin");
  const c = await catalogue(make, admin.id);
  const first = await make.release(c.catalogueId, { label: "A" });
  await make.service(c.catalogueId, null, { name: `Neu ${c.tag}`, status: "closed" });
  const second = await make.release(c.catalogueId, { label: "B" });
  await page.goto("/servicecatalog/releases");
  await expect(page.getByTestId("release-label")).toHaveText(["B", "A"]);
  await expect(card(page, "B").getByTestId("release-changes")).toHaveText("Gegenüber A: +1 neu · −0 entfernt · ~0 geändert");

  // A client of the same catalogue reads B.
  const clientContext = await browser.newContext({ baseURL });
  const client = await make.user("client");
  await make.useCatalogue(client.id, c.catalogueId);
  const { addSessionCookie } = await import("../support/fixtures");
  await addSessionCookie(db, clientContext, baseURL!, client.id);
  const clientPage = await clientContext.newPage();
  await clientPage.goto("/servicecatalog");
  await expect(clientPage).toHaveURL(new RegExp(`/servicecatalog/releases/${second}$`));
  // The list of releases, with its controls, is the publishers' and editors'.
  await clientPage.goto("/servicecatalog/releases");
  await expect(clientPage).toHaveURL(/\/unauthorized$/);

  await card(page, "B").getByTestId("withdraw-release").click();
  const withdraw = page.getByRole("dialog", { name: "Veröffentlichung B zurückziehen" });
  await withdraw.getByTestId("withdraw-submit").click();
  await expect(withdraw.getByText("Bitte füllen Sie dieses Feld aus.")).toBeVisible();
  await withdraw.getByTestId("withdraw-reason").fill("Preise falsch");
  await withdraw.getByTestId("withdraw-submit").click();
  await expect(toast(page)).toContainText("Version B wurde zurückgezogen.");
  await expect(card(page, "B").getByTestId("release-withdrawn-note")).toContainText("Preise falsch");

  // The client no longer sees B, not even by its address: they read A.
  await clientPage.goto("/servicecatalog");
  await expect(clientPage).toHaveURL(new RegExp(`/servicecatalog/releases/${first}$`));
  const refused = await clientPage.goto(`/servicecatalog/releases/${second}`);
  expect(refused?.status()).toBe(404);
  await clientContext.close();

  await card(page, "B").getByTestId("reinstate-release").click();
  await page.getByRole("dialog", { name: "Veröffentlichung B wieder freigeben" }).getByTestId("reinstate-submit").click();
  await expect(toast(page)).toContainText("Version B ist wieder freigegeben.");
  await expect(card(page, "B").getByTestId("release-withdrawn")).toHaveCount(0);
  // A published release has no delete control.
  await expect(card(page, "B").getByTestId("delete-release")).toHaveCount(0);

  await make.release(c.catalogueId, { label: "C", withdrawn: "Probe" });
  await page.goto("/servicecatalog/releases");
  await card(page, "C").getByTestId("delete-release").click();
  await page.getByRole("dialog", { name: "Veröffentlichung C löschen" }).getByTestId("delete-submit").click();
  await expect(toast(page)).toContainText("Version C wurde gelöscht.");
  await expect(page.getByTestId("release-label")).toHaveText(["B", "A"]);
  const events = await db.selectFrom("activities").select("event").where("subject_type", "=", "release").where("subject_id", "in", [String(first), String(second)]).orderBy("id").execute();
  expect(events.map((e) => e.event)).toEqual(["published", "published", "withdrawn", "reinstated"]);
});

test("compare two releases: counts, what was added, removed, moved and changed, one service field by field, filters, CSV and the change list", async ({ page, db, make, login, context }) => {
  const user = await login("keysuperuser");
  const tag = unique("Vgl");
  const catalogueId = await make.catalogue({ title: `Katalog ${tag}` });
  const first = await make.category(catalogueId, { name: `Erste ${tag}` });
  const second = await make.category(catalogueId, { name: `Zweite ${tag}` });
  const owner = await make.owner({ name: `Owner ${tag}` });
  const changed = await make.service(catalogueId, first, { name: `Geändert ${tag}`, status: "closed", description: "<p>Alte Beschreibung</p>", owners: [owner] });
  const moved = await make.service(catalogueId, first, { name: `Verschoben ${tag}`, status: "closed" });
  const removed = await make.service(catalogueId, first, { name: `Entfernt ${tag}`, status: "closed" });
  await make.service(catalogueId, first, { name: `Gleich ${tag}`, status: "closed" });
  await make.useCatalogue(user.id, catalogueId);
  await make.release(catalogueId, { label: "1" });
  await db.updateTable("services").set({ description: "<p>Neue Beschreibung</p>" }).where("id", "=", changed).execute();
  await db.updateTable("services").set({ category_id: second }).where("id", "=", moved).execute();
  await db.updateTable("services").set({ status: "open" }).where("id", "=", removed).execute();
  await make.service(catalogueId, second, { name: `Neu ${tag}`, status: "closed" });
  await make.release(catalogueId, { label: "2" });

  await page.goto("/servicecatalog/releases");
  await page.getByTestId("release").filter({ hasText: "Gegenüber 1" }).getByTestId("compare-release").click();
  await expect(page).toHaveURL(/\/servicecatalog\/releases\/compare\?from=\d+&to=\d+$/);
  await expect(page.getByTestId("compare-summary")).toHaveText("+1 neu · −1 entfernt · ↷1 verschoben · ~1 geändert · 1 unverändert");
  await expect(page.getByTestId("compared-name")).toHaveText([`Entfernt ${tag}`, `Geändert ${tag}`, `Neu ${tag}`, `Verschoben ${tag}`]);
  const entry = (name: string) => page.getByTestId("compared-service").filter({ has: page.getByTestId("compared-name").getByText(name, { exact: true }) });
  await expect(entry(`Verschoben ${tag}`)).toContainText(`Erste ${tag} → Zweite ${tag}`);
  await expect(entry(`Geändert ${tag}`).getByTestId("compared-fields")).toHaveText("Geändert: Beschreibung");
  await expect(page.getByTestId("change-list")).toHaveValue(
    [`Neu (1):`, `- Neu ${tag}`, ``, `Entfernt (1):`, `- Entfernt ${tag}`, ``, `Verschoben (1):`, `- Verschoben ${tag} (Erste ${tag} → Zweite ${tag})`, ``, `Geändert (1):`, `- Geändert ${tag} (Beschreibung)`].join("\n"),
  );
  await expect(page.getByTestId("change-list-other")).toHaveValue(/^Added \(1\):\n- Neu /);

  // Filtered to one kind of change (a GET form: the same without JS).
  await page.getByLabel("Art der Änderung").selectOption("moved");
  await page.getByTestId("compare-submit").click();
  await expect(page.getByTestId("compared-name")).toHaveText([`Verschoben ${tag}`]);
  await expect(page).toHaveURL(/change=moved/);

  // The CSV of the comparison.
  const csvUrl = await page.getByTestId("compare-csv").getAttribute("href");
  const csv = await (await context.request.get(csvUrl!)).text();
  expect(csv).toContain("Service-ID;Service;Änderung;Bereich vorher;Kategorie vorher;Bereich nachher;Kategorie nachher;Geänderte Felder");
  expect(csv).toContain(`${moved};Verschoben ${tag};Verschoben;;Erste ${tag};;Zweite ${tag};`);
  expect(csv).not.toContain(`Geändert ${tag}`);

  // One service field by field, through the History tab's presenter.
  await page.goto(page.url().replace(/&change=moved.*/, ""));
  await entry(`Geändert ${tag}`).getByTestId("compared-details").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Geändert ${tag}: Unterschiede`);
  await expect(page.getByTestId("history-diff-before")).toContainText("Alte Beschreibung");
  await expect(page.getByTestId("history-diff-after")).toContainText("Neue Beschreibung");
  await expect(page.getByTestId("history-diff-before").locator("del")).toHaveText("Alte");
  await expect(page.getByTestId("history-diff-after").locator("ins")).toHaveText("Neue");

  // Release 2 against the working copy: a later edit shows as the service's change.
  await db.updateTable("services").set({ advantages: "<p>Später ergänzt</p>" }).where("id", "=", changed).execute();
  await page.goto("/servicecatalog/releases/compare?to=working&from=" + (await db.selectFrom("releases").select("id").where("service_catalogue_id", "=", catalogueId).where("label", "=", "2").executeTakeFirstOrThrow()).id);
  await expect(page.getByTestId("compare-summary")).toHaveText("+0 neu · −0 entfernt · ↷0 verschoben · ~1 geändert · 3 unverändert");
  await expect(entry(`Geändert ${tag}`).getByTestId("compared-fields")).toHaveText("Geändert: Vorteile");
});

test("a share link opens exactly its release in a browser without an account; revoked or expired it answers 410, unknown 404", async ({ page, db, make, login, browser, baseURL }) => {
  const admin = await login("keysuperuser");
  const tag = unique("Teilen");
  const catalogueId = await make.catalogue({ title: `Katalog ${tag}` });
  const category = await make.category(catalogueId, { name: `Kategorie ${tag}` });
  const service = await make.service(catalogueId, category, { name: `Geteilt ${tag}`, status: "closed", description: "<p>Für den Einkauf</p>" });
  await make.useCatalogue(admin.id, catalogueId);
  const release = await make.release(catalogueId, { label: "2026.2" });
  await db.updateTable("services").set({ description: "<p>Noch nicht veröffentlicht</p>" }).where("id", "=", service).execute();

  await page.goto("/servicecatalog/releases");
  await page.getByTestId("share-release").click();
  const dialog = page.getByRole("dialog", { name: "Veröffentlichung 2026.2 teilen" });
  await dialog.getByTestId("share-label").fill("Einkauf Stadtwerke");
  await dialog.getByTestId("share-create").click();
  const url = await dialog.getByTestId("share-url").inputValue();
  expect(url).toMatch(/\/share\/[A-Za-z0-9_-]{32}$/);
  await expect(dialog.getByTestId("share-link-name")).toHaveText(["Einkauf Stadtwerke"]);
  // Only the token's hash is stored.
  const token = url.split("/share/")[1]!;
  expect(JSON.stringify(await db.selectFrom("release_links").selectAll().where("release_id", "=", release).execute())).not.toContain(token);

  // A fresh browser without an account: the release, read-only, no cookie, not indexed.
  const visitor = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const reader = await visitor.newPage();
  const answer = await reader.goto(`/share/${token}`);
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  expect(answer?.headers()["set-cookie"]).toBeUndefined();
  await expect(reader.getByTestId("release-banner")).toContainText("Veröffentlichung 2026.2");
  await expect(reader.getByTestId("to-working-copy")).toHaveCount(0);
  // Its cover sheet, and (the licence on) its Word download, the release's text and not the later one.
  await reader.getByTestId("release-frame").click();
  await expect(reader).toHaveURL(new RegExp(`/share/${token}/frame$`));
  await expect(reader.getByTestId("frame-sheet")).toBeVisible();
  await withLicence(db, true, async () => {
    await reader.goto(`/share/${token}`);
    const word = await reader.request.get(await reader.getByTestId("release-word").getAttribute("href") as string);
    expect(word.status()).toBe(200);
    expect(word.headers()["set-cookie"]).toBeUndefined();
    const html = (await mammoth.convertToHtml({ buffer: await word.body() })).value;
    expect(html).toContain("Für den Einkauf");
    expect(html).not.toContain("Noch nicht veröffentlicht");
  });
  await withLicence(db, false, async () => {
    await reader.goto(`/share/${token}`);
    await expect(reader.getByTestId("release-word")).toHaveCount(0);
    expect((await reader.request.get(`/share/${token}/export.docx`)).status()).toBe(403);
  });
  await reader.getByTestId("release-service").click();
  await expect(reader).toHaveURL(new RegExp(`/share/${token}/service/${service}$`));
  await expect(reader.getByText("Für den Einkauf")).toBeVisible();
  await expect(reader.getByText("Noch nicht veröffentlicht")).toHaveCount(0);
  // Nothing else is reachable from it: no app link, and the app itself wants a sign-in.
  expect(await reader.locator('a[href^="/servicecatalog"], a[href^="/basedata"], a[href^="/dashboard"]').count()).toBe(0);
  await reader.goto(`/servicecatalog/releases/${release}`);
  await expect(reader).toHaveURL(/\/login/);
  expect((await visitor.cookies()).filter((c) => c.name === "sh_session")).toEqual([]);

  // The list counts the visits (opened anew: reloading the answer to "create" would post it again).
  await page.goto(`/servicecatalog/releases/${release}/share`);
  await expect(page.getByRole("dialog").getByTestId("share-link-usage")).toContainText("7 Aufrufe");

  // Revoked: 410 with a clear page.
  await page.getByRole("dialog").getByTestId("revoke-link").click();
  await expect(page.getByRole("dialog").getByTestId("share-link-state")).toContainText("Widerrufen am");
  const gone = await reader.goto(`/share/${token}`);
  expect(gone?.status()).toBe(410);
  await expect(reader.getByTestId("share-gone")).toContainText("Dieser Link ist nicht mehr gültig");

  // Expired (the day is over) and unknown links.
  const { createReleaseLink } = await import("~/modules/releases/release-links.server");
  const { token: old } = await createReleaseLink(db, release, { label: null, expiresAt: "2020-01-01T22:59:59.999Z" }, { id: admin.id, name: admin.name });
  expect((await reader.goto(`/share/${old}`))?.status()).toBe(410);
  const unknown = await reader.goto("/share/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
  expect(unknown?.status()).toBe(404);
  await expect(reader.getByTestId("share-unknown")).toBeVisible();
  await visitor.close();
});
