import type { APIRequestContext } from "@playwright/test";
import { expect, gotoReady, test } from "../support/fixtures";
import { serviceOfItsOwn, servicePage } from "../support/helpers";

/**
 * A readable history: translated labels (never a column name), Ja/Nein, money as money, rich-text
 * changes as a word diff without markup, the name of a record instead of its id. (The dashboard's
 * names of deleted records: tests/unit/dashboard/dashboard.test.ts.)
 */

async function version(db: import("~/server/db/db.server").DB, id: number) {
  return (await db.selectFrom("services").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow()).updated_at;
}

async function post(request: APIRequestContext, url: string, form: Record<string, string>) {
  const response = await request.post(url, { form, maxRedirects: 0 });
  expect(response.status(), await response.text()).toBe(302);
}

test("the History tab reads like the page, in German and in English", async ({ page, context, baseURL, db, make, login, javaScriptEnabled }) => {
  await login("keyuser");
  const id = await serviceOfItsOwn(make, { description: "<p>Der Dienst läuft werktags.</p>" });
  const target = await make.category((await db.selectFrom("services").select("service_catalogue_id").where("id", "=", id).executeTakeFirstOrThrow()).service_catalogue_id!, { name: "Zielkategorie" });
  const children = `${servicePage(id)}/children`;
  await post(page.request, children, { intent: "addOption", name: "Premium", costs: "12,50", updated_at: await version(db, id) });
  await post(page.request, children, { intent: "addResponsibility", description: "Geräte tauschen", client: "on", updated_at: await version(db, id) });
  await post(page.request, servicePage(id), { intent: "rich", field: "description", value: "<p>Der Dienst läuft täglich.</p>", updated_at: await version(db, id) });
  // Saving the same text again changes nothing (issue 32 §9): "Zuletzt geändert" stays, no entry is written.
  const entries = async () => (await db.selectFrom("activities").select("id").where("subject_type", "=", "service").where("subject_id", "=", String(id)).execute()).length;
  const [unchanged, written] = [await version(db, id), await entries()];
  await post(page.request, servicePage(id), { intent: "rich", field: "description", value: "<p>Der Dienst läuft täglich.</p>", updated_at: unchanged });
  expect(await version(db, id)).toBe(unchanged);
  expect(await entries()).toBe(written);
  const service = await db.selectFrom("services").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  await post(page.request, servicePage(id), {
    intent: "basics",
    name: service.name!,
    category_id: String(target),
    servicetype: service.servicetype!,
    status: service.status!,
    statuspercent: String(service.statuspercent ?? 0),
    updated_at: service.updated_at,
  });

  await gotoReady(page, `${servicePage(id)}?tab=history`, javaScriptEnabled);
  const history = page.getByTestId("history");
  await expect(history).toContainText("12,50 €");
  await expect(history.getByRole("cell", { name: "Kunde", exact: true })).toBeVisible();
  await expect(history.getByRole("cell", { name: "Ja", exact: true })).toBeVisible();
  await expect(history.getByRole("cell", { name: "Zielkategorie", exact: true })).toBeVisible();
  const diff = history.getByTestId("history-diff").first();
  await expect(diff.locator("del")).toHaveText("werktags");
  await expect(diff.locator("ins")).toHaveText("täglich");
  // One two-column layout: the old text with its removed words under "Vorher", the new one with its
  // added words under "Nachher", and the same column widths in every entry.
  await expect(diff.getByTestId("history-diff-before").locator("del")).toHaveText("werktags");
  await expect(diff.getByTestId("history-diff-before")).toContainText("Der Dienst läuft");
  await expect(diff.getByTestId("history-diff-after").locator("ins")).toHaveText("täglich");
  await expect(diff.getByTestId("history-diff-after")).not.toContainText("werktags");
  const widths = await history.locator("table").evaluateAll((tables) => tables.map((table) => [...table.querySelectorAll("th")].map((th) => Math.round(th.getBoundingClientRect().width)).join(",")));
  expect(widths.length).toBeGreaterThan(2);
  expect(new Set(widths).size).toBe(1);
  const text = await history.innerText();
  expect(text).not.toContain("<p>");
  for (const raw of ["true", "false", "client", "pos", "position", "category_id", "JPG"]) expect(text, raw).not.toMatch(new RegExp(`\\b${raw}\\b`));

  await context.addCookies([{ name: "sh_lng", value: Buffer.from(JSON.stringify("en")).toString("base64"), url: baseURL! }]);
  await gotoReady(page, `${servicePage(id)}?tab=history`, javaScriptEnabled);
  await expect(history).toContainText("€12.50");
  await expect(history.getByRole("cell", { name: "Customer", exact: true })).toBeVisible();
  await expect(history.getByRole("cell", { name: "Yes", exact: true })).toBeVisible();
});
