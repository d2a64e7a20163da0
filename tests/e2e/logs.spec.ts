import type { APIRequestContext } from "@playwright/test";
import { recordActivity } from "~/server/audit.server";
import type { DB } from "~/server/db/db.server";
import { expect, gotoReady, SERVER_CHECK, test, unique } from "../support/fixtures";
import { serviceOfItsOwn, servicePage } from "../support/helpers";

/**
 * The activity logs (issue 13 §5): filter by who and what, find a change, read it old → new on
 * its own page, page older/newer; only the admin guard's roles get in. Both projects share one
 * database full of other tests' activities, so every assertion filters to this test's own user.
 */

test.describe.configure({ timeout: 60_000 });

async function post(request: APIRequestContext, url: string, form: Record<string, string>) {
  const response = await request.post(url, { form, maxRedirects: 0 });
  expect(response.status(), await response.text()).toBe(302);
}

const version = async (db: DB, id: number) => (await db.selectFrom("services").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow()).updated_at;

test("an admin finds their change by user and event and reads it old → new", async ({ page, db, make, login, javaScriptEnabled }) => {
  const admin = await login("superadmin", { name: unique("Log-Admin") });
  const name = unique("Protokollierter Dienst");
  const id = await serviceOfItsOwn(make, { name, description: "<p>Der Dienst läuft werktags.</p>" });
  await post(page.request, servicePage(id), { intent: "rich", field: "description", value: "<p>Der Dienst läuft <strong>täglich</strong>.</p>", updated_at: await version(db, id) });

  await gotoReady(page, "/admin/logs", javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "Logs" })).toBeVisible();
  const filter = page.getByRole("search", { name: "Filter" });
  await filter.getByLabel("Benutzer").selectOption(String(admin.id));
  await filter.getByLabel("Ereignis").selectOption("updated");
  await filter.getByRole("button", { name: "Filtern" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]user=${admin.id}(&|$)`));
  await expect(page).toHaveURL(/[?&]event=updated(&|$)/);

  const rows = page.getByTestId("logs-table").locator("tbody tr");
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText(admin.name);
  await expect(row).toContainText("Service: Geändert");
  await expect(row.getByRole("link", { name })).toHaveAttribute("href", servicePage(id));
  await expect(row).toContainText("Felder: Beschreibung");

  await row.getByRole("link", { name: /^Details/ }).click();
  await expect(page).toHaveURL(/\/admin\/logs\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: /^Logeintrag \d+$/ })).toBeVisible();
  const facts = page.getByTestId("log-facts");
  await expect(facts).toContainText(admin.name);
  await expect(facts).toContainText(`Service ${name}`);
  await expect(facts).toContainText("Geändert");
  const changes = page.getByRole("region", { name: "Änderungen" });
  await expect(changes.getByRole("cell", { name: "Beschreibung", exact: true })).toBeVisible();
  const diff = changes.getByTestId("history-diff");
  await expect(diff.locator("del")).toHaveText("werktags");
  await expect(diff.locator("ins")).toHaveText("täglich");
  const text = await changes.innerText();
  expect(text).not.toContain("<p>");
  expect(text).not.toContain("<strong>");
  expect(text).not.toMatch(/\bdescription\b/);
});

test("pages older and newer within a filter, without gaps or repeats", async ({ page, db, login, javaScriptEnabled }) => {
  const admin = await login("keysuperuser", { name: unique("Blätter-Admin") });
  // 57 of this user's activities: a full page of 50 and 7 older ones.
  for (let i = 1; i <= 57; i++) {
    await recordActivity(db, { subjectType: "tag", subjectId: 900_000 + i, event: "updated", causer: { id: admin.id, name: admin.name }, newValues: { name: `Tag ${i}` } });
  }
  await gotoReady(page, `/admin/logs?user=${admin.id}`, javaScriptEnabled);
  const rows = page.getByTestId("logs-table").locator("tbody tr");
  const pages = page.getByTestId("logs-pages");
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText("Tag 57");
  await expect(rows.last()).toContainText("Tag 8");
  await expect(pages.getByRole("link", { name: "Neuere" })).toHaveCount(0);

  await pages.getByRole("link", { name: "Ältere" }).click();
  await expect(page).toHaveURL(new RegExp(`user=${admin.id}&before=\\d+`));
  await expect(rows).toHaveCount(7);
  await expect(rows.first()).toContainText("Tag 7");
  await expect(rows.last()).toContainText("Tag 1");
  await expect(pages.getByRole("link", { name: "Ältere" })).toHaveCount(0);

  await pages.getByRole("link", { name: "Neuere" }).click();
  await expect(page).toHaveURL(new RegExp(`user=${admin.id}&after=\\d+`));
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText("Tag 57");
  await expect(rows.last()).toContainText("Tag 8");
  await expect(pages.getByRole("link", { name: "Ältere" })).toBeVisible();
});

test("a deleted user's activity keeps the name, marked as deleted; the system has its own name", async ({ page, db, make, login, javaScriptEnabled }) => {
  await login("superadmin");
  const leaver = await make.user("keyuser", { name: unique("Ausgeschieden") });
  await recordActivity(db, { subjectType: "owner", subjectId: 1, event: "updated", causer: { id: leaver.id, name: leaver.name }, oldValues: { name: "A" }, newValues: { name: "B" } });
  const { id } = await db.selectFrom("activities").select("id").where("causer_id", "=", leaver.id).orderBy("id", "desc").executeTakeFirstOrThrow();
  await db.deleteFrom("sessions").where("user_id", "=", leaver.id).execute();
  await db.deleteFrom("users").where("id", "=", leaver.id).execute();

  await gotoReady(page, `/admin/logs/${id}`, javaScriptEnabled);
  await expect(page.getByTestId("log-facts")).toContainText(`${leaver.name} (gelöschter Benutzer)`);
  await recordActivity(db, { subjectType: "setting", subjectId: "app_bar", event: "updated" });
  const system = await db.selectFrom("activities").select("id").where("subject_type", "=", "setting").where("causer_id", "is", null).orderBy("id", "desc").executeTakeFirstOrThrow();
  await gotoReady(page, `/admin/logs/${system.id}`, javaScriptEnabled);
  await expect(page.getByTestId("log-facts")).toContainText("System");
  await expect(page.getByText("Zu diesem Eintrag sind keine Feldänderungen aufgezeichnet.")).toBeVisible();
});

test("settings and API keys are named for what they are, never by a stored key, in German and English (issue 32 §8)", async ({ page, context, baseURL, db, login, javaScriptEnabled }) => {
  const admin = await login("superadmin", { name: unique("Schlüssel-Admin") });
  const causer = { id: admin.id, name: admin.name };
  await recordActivity(db, { subjectType: "setting", subjectId: "export_active", event: "updated", causer, oldValues: { value: true }, newValues: { value: false } });
  await recordActivity(db, { subjectType: "api_key", subjectId: "shk_ab12", event: "api_key_created", causer, newValues: { prefix: "shk_ab12" } });
  const rows = page.getByTestId("logs-table").locator("tbody tr");
  await gotoReady(page, `/admin/logs?user=${admin.id}`, javaScriptEnabled);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("Word-Export-Lizenz");
  await expect(rows.nth(0)).toContainText("Schlüssel shk_ab12…");
  await expect(page.getByTestId("logs-table")).not.toContainText("export_active");
  await expect(page.getByTestId("logs-table")).not.toContainText("Weiteres Feld");

  await context.addCookies([{ name: "sh_lng", value: Buffer.from(JSON.stringify("en")).toString("base64"), url: baseURL! }]);
  await gotoReady(page, `/admin/logs?user=${admin.id}`, javaScriptEnabled);
  await expect(rows.nth(1)).toContainText("Word export licence");
  await expect(rows.nth(0)).toContainText("Key shk_ab12…");
  await expect(rows.nth(0)).toContainText("Fields: Key");
  // Dates as an English reader writes them: 28 Nov 2026, 14:05.
  await expect(rows.nth(0).locator("td").first()).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
});

test("malformed filters are ignored with a notice, unknown entries are not found", async ({ page, login, javaScriptEnabled }) => {
  await login("superadmin");
  await gotoReady(page, "/admin/logs?user=abc&event=%3Cscript%3E&from=2025-13-45&before=-1", javaScriptEnabled);
  await expect(page.getByTestId("logs-ignored")).toBeVisible();
  await expect(page.getByTestId("logs-table")).toBeVisible();
  for (const url of ["/admin/logs/abc", "/admin/logs/0", "/admin/logs/2147483647", "/admin/logs/99999999999999999999"]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
  }
});

test("a keyuser is sent to /unauthorized, and a POST is refused", SERVER_CHECK, async ({ page, login }) => {
  await login("keyuser");
  for (const url of ["/admin/logs", "/admin/logs/1"]) {
    await page.goto(url);
    await expect(page).toHaveURL(/\/unauthorized$/);
    expect((await page.request.post(url, { form: { x: "1" }, maxRedirects: 0 })).status(), url).toBe(403);
  }
});
