import type { Page } from "@playwright/test";
import { createTicket } from "~/modules/support/support.server";
import { supportSubject } from "~/modules/support/support-mail";
import { addSessionCookie, expect, findMail, gotoReady, test, unique } from "../support/fixtures";
import { startSecondInstance } from "../support/second-instance";

/**
 * Support tickets (issue 16 §6): the top bar's button opens the form (a dialog with JS, the
 * /support page without), the ticket is stored and mailed to SUPPORT_EMAIL (scripts/e2e.mjs) through
 * the run's SMTP server, and superadmins read the stored tickets.
 */

const SUPPORT = process.env.SUPPORT_EMAIL ?? "support@servicehub.test";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Opens the support form from the top bar: the dialog over the page with JS, the page without. */
async function openSupport(page: Page, javaScriptEnabled: boolean, from: string) {
  await page.getByTestId("top-bar").getByRole("link", { name: "Support-Ticket schreiben" }).click();
  if (javaScriptEnabled) {
    const dialog = page.getByRole("dialog", { name: "Support-Ticket" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(from);
    return dialog;
  }
  await expect(page).toHaveURL(`/support?${new URLSearchParams({ redirectTo: from })}`);
  return page.getByRole("main");
}

test("a user sends a ticket with bold text: it returns to the page with the toast, is stored with the user and mailed to support", async ({ page, db, login, baseURL, javaScriptEnabled }) => {
  const user = await login("user");
  await gotoReady(page, "/servicecatalog", javaScriptEnabled);
  const marker = unique("Drucker").replace(" ", "-");
  const form = await openSupport(page, javaScriptEnabled, "/servicecatalog");
  if (javaScriptEnabled) {
    // Only the spec's five controls: bold, italic, underline, ordered and bullet list.
    const editor = form.getByTestId("editor-message");
    await expect(editor.getByRole("button")).toHaveCount(5);
    await editor.getByRole("textbox", { name: "Nachricht" }).click();
    await form.getByRole("button", { name: "Fett" }).click();
    await page.keyboard.type(marker);
    await form.getByRole("button", { name: "Fett" }).click();
    await page.keyboard.type(" druckt nicht");
    await expect(editor.locator("strong")).toHaveText(marker);
  } else {
    await form.getByLabel("Nachricht", { exact: true }).fill(`<p><strong>${marker}</strong> druckt nicht</p>`);
  }
  await form.getByRole("button", { name: "Senden" }).click();
  await expect(page.getByTestId("toast")).toContainText("Support-Ticket erfolgreich eingereicht!");
  await expect(page).toHaveURL("/servicecatalog");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  const row = await db.selectFrom("support_tickets").selectAll().where("message", "like", `%${marker}%`).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ user_id: user.id, user_name: user.name, user_email: user.email, status: "sent", mail_error: null });
  expect(row.message).toBe(`<p><strong>${marker}</strong> druckt nicht</p>`);

  const mail = await findMail(SUPPORT, marker);
  const subject = supportSubject(new URL(baseURL!).hostname);
  expect(mail).toMatch(new RegExp(`^Subject: ${escapeRegExp(subject)}\\r?$`, "m"));
  expect(mail).toMatch(new RegExp(`^To: ${escapeRegExp(SUPPORT)}\\r?$`, "mi"));
  expect(mail).toMatch(new RegExp(`^Reply-To: ${escapeRegExp(user.email)}\\r?$`, "mi"));
  expect(mail).toContain(`<strong>${marker}</strong> druckt nicht`);
  expect(mail).toContain(`${marker} druckt nicht`);
});

test("an empty message is refused beside the field and nothing is stored; cancel returns without sending", async ({ page, db, login, javaScriptEnabled }) => {
  const user = await login("user");
  await gotoReady(page, "/dashboard", javaScriptEnabled);
  let form = await openSupport(page, javaScriptEnabled, "/dashboard");
  await form.getByRole("button", { name: "Senden" }).click();
  await expect(form.getByText("Bitte schreiben Sie eine Nachricht.")).toBeVisible();
  if (javaScriptEnabled) await expect(page.getByRole("dialog", { name: "Support-Ticket" })).toBeVisible();
  else await expect(page).toHaveURL(/\/support\?redirectTo=%2Fdashboard$/);
  expect(await db.selectFrom("support_tickets").select("id").where("user_id", "=", user.id).execute()).toEqual([]);

  if (javaScriptEnabled) {
    await form.getByRole("button", { name: "Abbrechen" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // Escape closes it as well.
    form = await openSupport(page, javaScriptEnabled, "/dashboard");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  } else {
    await form.getByRole("link", { name: "Abbrechen" }).click();
  }
  await expect(page).toHaveURL("/dashboard");
  expect(await db.selectFrom("support_tickets").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
});

test("script tags are stripped before the ticket is stored and mailed", async ({ page, db, login, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "the editor writes no tags of its own; the textarea without JS posts HTML as typed");
  await login("keyuser");
  await gotoReady(page, "/support", javaScriptEnabled);
  const marker = unique("Skript").replace(" ", "-");
  await page.getByLabel("Nachricht", { exact: true }).fill(`<p>${marker} <em>kursiv</em></p><script>alert("xss")</script><img src=x onerror="alert(1)">`);
  await page.getByRole("button", { name: "Senden" }).click();
  await expect(page.getByTestId("toast")).toContainText("Support-Ticket erfolgreich eingereicht!");
  await expect(page).toHaveURL("/dashboard");
  const row = await db.selectFrom("support_tickets").select("message").where("message", "like", `%${marker}%`).executeTakeFirstOrThrow();
  expect(row.message).toBe(`<p>${marker} <em>kursiv</em></p>`);
  const mail = await findMail(SUPPORT, marker);
  expect(mail).not.toMatch(/script|alert|onerror/i);
});

test("superadmins read the stored tickets; a keysuperuser is refused and has no menu entry", async ({ page, db, make, login, javaScriptEnabled }) => {
  const sender = await make.user("client", { name: unique("Absenderin") });
  const marker = unique("Ticket");
  await createTicket(db, sender, { message: `<p><strong>${marker}</strong></p>`, host: "acme.servicehub.example" });

  await login("superadmin");
  await gotoReady(page, "/dashboard", javaScriptEnabled);
  await expect(page.getByTestId("nav-supporttickets")).toHaveAttribute("href", "/admin/supporttickets");
  await gotoReady(page, "/admin/supporttickets", javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "Support-Tickets" })).toBeVisible();
  await expect(page.getByTestId("support-no-address")).toHaveCount(0); // SUPPORT_EMAIL is set (scripts/e2e.mjs)
  // Newest first (other workers file tickets meanwhile, so the order is checked on the ids), the message rendered.
  const ids = (await page.getByTestId("support-ticket").evaluateAll((items) => items.map((item) => Number(item.getAttribute("data-ticket")))));
  expect(ids).toEqual([...ids].sort((a, b) => b - a));
  const first = page.getByTestId("support-ticket").filter({ hasText: marker });
  await expect(first).toContainText(sender.name);
  await expect(first).toContainText(sender.email);
  await expect(first).toContainText("acme.servicehub.example");
  await expect(first).toContainText("acme Supportticket");
  await expect(first).toContainText("Noch nicht gemailt");
  await expect(first.getByTestId("support-ticket-message").locator("strong")).toHaveText(marker);

  await page.context().clearCookies();
  await login("keysuperuser");
  await gotoReady(page, "/dashboard", javaScriptEnabled);
  await expect(page.getByTestId("nav-usermanagement")).toHaveCount(1);
  await expect(page.getByTestId("nav-supporttickets")).toHaveCount(0);
  await page.goto("/admin/supporttickets");
  await expect(page).toHaveURL("/unauthorized");
  expect((await page.request.post("/admin/supporttickets", { form: {}, maxRedirects: 0 })).status()).toBe(403);
});

test("without a support address the ticket is received all the same; the superadmin's list says it was not mailed and what to set", async ({ page, context, javaScriptEnabled }) => {
  test.slow(); // starts an instance of its own
  // An instance of its own without SUPPORT_EMAIL (issue 32 §1: the sender used to read "could not be submitted" and sent it again).
  const app = await startSecondInstance("support-no-address", () => ({ SUPPORT_EMAIL: "" }));
  try {
    const user = await app.make.user("client");
    await addSessionCookie(app.db, context, app.baseURL, user.id);
    await context.addCookies([{ name: "sh_lng", value: Buffer.from(JSON.stringify("en")).toString("base64"), url: app.baseURL }]);
    // With JS, the editor's code arrives only after the user has started typing into the textarea
    // that stands in for it (a slow line): the editor takes over what was typed, and the focus.
    let releaseEditor = () => {};
    const editorHeld = new Promise<void>((resolve) => (releaseEditor = resolve));
    await page.route("**/assets/RichTextEditor.client-*.js", async (route) => (await editorHeld, route.continue()));
    await gotoReady(page, `${app.baseURL}/dashboard`, javaScriptEnabled);
    await page.getByTestId("top-bar").getByRole("link", { name: "Write a support ticket" }).click();
    const form = javaScriptEnabled ? page.getByRole("dialog", { name: "Support ticket" }) : page.getByRole("main");
    if (javaScriptEnabled) {
      await form.getByRole("textbox", { name: "Message" }).click();
      await page.keyboard.type("Nothing");
      releaseEditor();
      const editor = form.getByTestId("editor-message");
      await expect(editor.getByRole("button")).toHaveCount(5);
      await expect(editor.getByRole("textbox", { name: "Message" })).toBeFocused();
      await page.keyboard.type(" works");
      await expect(editor.getByRole("textbox", { name: "Message" })).toHaveText("Nothing works");
    } else await form.getByLabel("Message").fill("Nothing works");
    await form.getByRole("button", { name: "Send" }).click();
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Support ticket submitted successfully!");
    await expect(toast).toHaveAttribute("data-kind", "success");
    await expect(page).toHaveURL(`${app.baseURL}/dashboard`);
    const row = await app.db.selectFrom("support_tickets").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "unaddressed", sent_at: null, mail_error: null, message: "<p>Nothing works</p>" });

    const admin = await app.make.user("superadmin");
    await context.clearCookies();
    await addSessionCookie(app.db, context, app.baseURL, admin.id);
    await context.addCookies([{ name: "sh_lng", value: Buffer.from(JSON.stringify("de")).toString("base64"), url: app.baseURL }]);
    await page.goto(`${app.baseURL}/admin/supporttickets`);
    await expect(page.getByTestId("support-no-address")).toContainText("SUPPORT_EMAIL");
    await expect(page.getByTestId("support-no-address")).toContainText("Tickets werden nur hier gespeichert");
    await expect(page.getByTestId("support-ticket").first().locator("[data-mail]")).toHaveText("Nicht gemailt: keine Support-Adresse eingerichtet");
  } finally {
    await app.stop();
  }
});
