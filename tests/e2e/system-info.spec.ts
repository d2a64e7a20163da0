import type { BrowserContext, Locator, Page } from "@playwright/test";
import { addSessionCookie, expect, gotoReady, SERVER_CHECK, test } from "../support/fixtures";
import { hex, toast, withLock } from "../support/helpers";
import { startSecondInstance, type SecondInstance } from "../support/second-instance";
import type { Role } from "~/modules/access/roles";

/**
 * Version, patch notes and system messages (issue 16 §7), with JS and without. Both are global:
 * patch notes are made on the shared instance under a lock (the counter counts all of them) and
 * removed afterwards; system messages would cover every page of every other test there, so those
 * tests run on ServiceHubs of their own — one of them the system host of another.
 */

const dialogNamed = (page: Page, name: string) => page.getByRole("dialog", { name });

/** OK on a shown message, until the read is stored: the message hides at once, the save follows (and a reload right away would cancel it). */
async function confirmRead(page: Page, shown: Locator) {
  const stored = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/system-message/read"));
  await shown.getByRole("button", { name: "OK" }).click();
  await stored;
}

/** The rich-text field: the editor with JS (once loaded), the textarea without. */
async function fillText(page: Page, text: string, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return page.getByRole("textbox", { name: "Text", exact: true }).fill(`<p>${text}</p><script>alert(1)</script>`);
  const content = page.getByTestId("editor-text").locator("[contenteditable=true]");
  await content.click();
  await page.keyboard.type(text);
  await expect(content).toHaveText(text);
}

async function openPatchNotes(page: Page) {
  await page.getByTestId("app-version").click();
  // With JS a dialog over the current page; without JS the page /patch-notes (decision 0053).
  const notes = dialogNamed(page, "Versionshinweise").or(page.getByTestId("patch-notes-page"));
  await expect(notes).toBeVisible();
  return notes;
}

test.describe("patch notes on the shared instance", () => {
  test("a superadmin adds patch notes; “Version” shows them newest first, one at a time, and starts at the newest again", async ({ page, login, db, javaScriptEnabled }) => {
    test.setTimeout(60_000);
    await login("superadmin");
    const tag = hex();
    const older = `Ältere ${tag}`;
    const newer = `Neueste ${tag}`;
    await withLock("patch-notes", async () => {
      try {
        await gotoReady(page, "/admin/systeminfo", javaScriptEnabled);
        await expect(page).toHaveTitle("Systeminfo · ServiceHub");

        // Version is required: refused beside the field, nothing stored.
        await page.getByTestId("new-patch-note").click();
        let dialog = dialogNamed(page, "Neuer Versionshinweis");
        await expect(dialog).toBeVisible();
        await dialog.getByLabel("Überschrift").fill(older);
        await dialog.getByTestId("save-patch-note").click();
        await expect(dialog.getByText("Bitte füllen Sie dieses Feld aus.")).toBeVisible();
        expect(await db.selectFrom("patch_notes").select("id").where("headline", "=", older).execute()).toEqual([]);

        await dialog.getByLabel("Version").fill("9.0.0");
        await dialog.getByLabel("Datum").fill("2999-01-01T10:00");
        await fillText(page, "Vorher", javaScriptEnabled);
        await dialog.getByTestId("save-patch-note").click();
        await expect(page).toHaveURL(/\/admin\/systeminfo$/);
        await expect(toast(page)).toContainText(`Versionshinweis „${older}“ angelegt.`);

        await gotoReady(page, "/admin/systeminfo/patch-notes/new", javaScriptEnabled);
        dialog = dialogNamed(page, "Neuer Versionshinweis");
        await dialog.getByLabel("Überschrift").fill(newer);
        await dialog.getByLabel("Version").fill("9.1.0");
        await dialog.getByLabel("Datum").fill("2999-02-01T10:30");
        await fillText(page, "Alles neu", javaScriptEnabled);
        await dialog.getByTestId("save-patch-note").click();
        await expect(toast(page)).toContainText(`Versionshinweis „${newer}“ angelegt.`);
        await expect(page.getByTestId("patch-note-row").filter({ hasText: newer })).toContainText("Version 9.1.0 · 2999-02-01");
        const stored = await db.selectFrom("patch_notes").select(["patch_date", "version"]).where("headline", "=", newer).executeTakeFirstOrThrow();
        expect(stored).toEqual({ patch_date: "2999-02-01 10:30", version: "9.1.0" });
        const total = Number((await db.selectFrom("patch_notes").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

        // The newest first: headline, date (before the first space), version, text; no Previous.
        await gotoReady(page, "/dashboard", javaScriptEnabled);
        let notes = await openPatchNotes(page);
        if (!javaScriptEnabled) await expect(page).toHaveURL(/\/patch-notes\?redirectTo=%2Fdashboard$/);
        await expect(notes.getByTestId("patch-note-headline")).toHaveText(newer);
        await expect(notes.getByTestId("patch-note-date")).toHaveText("Datum: 2999-02-01");
        await expect(notes.getByTestId("patch-note-version")).toHaveText("Version: 9.1.0");
        await expect(notes.getByTestId("patch-note-text")).toHaveText("Alles neu");
        await expect(notes.getByTestId("patch-notes-counter")).toHaveText(`1 / ${total}`);
        await expect(notes.getByTestId("patch-notes-previous")).toHaveCount(0);

        await notes.getByTestId("patch-notes-next").click();
        await expect(notes.getByTestId("patch-note-headline")).toHaveText(older);
        await expect(notes.getByTestId("patch-notes-counter")).toHaveText(`2 / ${total}`);
        await expect(notes.getByTestId("patch-notes-previous")).toBeVisible();
        for (let n = 3; n <= total; n++) {
          await notes.getByTestId("patch-notes-next").click();
          await expect(notes.getByTestId("patch-notes-counter")).toHaveText(`${n} / ${total}`);
        }
        await expect(notes.getByTestId("patch-notes-next")).toHaveCount(0);
        await notes.getByTestId("patch-notes-previous").click();
        await expect(notes.getByTestId("patch-notes-counter")).toHaveText(`${total - 1} / ${total}`);

        // OK closes (back to the page without JS); opened again it starts at the newest.
        await notes.getByTestId("patch-notes-ok").click();
        await expect(notes).toBeHidden();
        await expect(page).toHaveURL(/\/dashboard$/);
        notes = await openPatchNotes(page);
        await expect(notes.getByTestId("patch-notes-counter")).toHaveText(`1 / ${total}`);
        await expect(notes.getByTestId("patch-note-headline")).toHaveText(newer);

        // Delete through the list's dialog: gone, and audited.
        await gotoReady(page, "/admin/systeminfo", javaScriptEnabled);
        await page.getByRole("link", { name: `${older} löschen` }).click();
        await dialogNamed(page, "Versionshinweis löschen?").getByTestId("confirm-delete").click();
        await expect(toast(page)).toContainText(`Versionshinweis „${older}“ gelöscht.`);
        expect(await db.selectFrom("patch_notes").select("id").where("headline", "=", older).execute()).toEqual([]);
        const audit = await db.selectFrom("activities").select("event").where("subject_type", "=", "patch_note").where("description", "=", older).orderBy("id").execute();
        expect(audit.map((a) => a.event)).toEqual(["created", "deleted"]);
      } finally {
        await db.deleteFrom("patch_notes").where("headline", "like", `%${tag}`).execute();
      }
    });
  });

  test("only a superadmin may open and change the system-info screen", async ({ page, login, db, javaScriptEnabled }) => {
    await login("keysuperuser");
    await gotoReady(page, "/admin/systeminfo", javaScriptEnabled);
    await expect(page).toHaveURL(/\/unauthorized$/);
    const headline = `Verboten ${hex()}`;
    const answer = await page.request.post("/admin/systeminfo/patch-notes/new", { form: { headline, version: "1", patch_date: "2999-01-01T10:00" } });
    expect(answer.status()).toBe(403);
    expect(await db.selectFrom("patch_notes").select("id").where("headline", "=", headline).execute()).toEqual([]);
  });

  test("the public endpoints need no sign-in and answer the documented shapes", SERVER_CHECK, async ({ request }) => {
    const latest = await request.get("/api/latest-version");
    expect(latest.status()).toBe(200);
    const body = await latest.json();
    expect(body.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(body).toHaveProperty("patch");
    const all = await request.get("/api/patch-notes");
    expect(all.status()).toBe(200);
    expect(Array.isArray(await all.json())).toBe(true);
    expect((await request.post("/api/patch-notes", { form: { x: "1" } })).status()).toBe(405);
  });
});

test.describe("system messages and the system host, on instances of their own", () => {
  test.describe.configure({ mode: "serial", timeout: 90_000 });

  let host: SecondInstance;
  let client: SecondInstance | undefined;
  test.beforeAll(async () => {
    host = await startSecondInstance("sysinfo-host");
  });
  test.afterAll(async () => {
    await client?.stop();
    await host?.stop();
  });

  async function signIn(instance: SecondInstance, context: BrowserContext, role: Role) {
    await context.clearCookies();
    const user = await instance.make.user(role);
    await addSessionCookie(instance.db, context, instance.baseURL, user.id);
    return user;
  }

  const message = async (headline: string, expiration_date: string | null, text = "<p>Bitte speichern Sie Ihre Arbeit.</p>") => ({
    id: await host.make.message({ headline, text, expiration_date }),
  });

  test("/api/latest-message: 404 without a current message, then the newest current one", SERVER_CHECK, async ({ request }) => {
    const url = `${host.baseURL}/api/latest-message`;
    try {
      const none = await request.get(url);
      expect(none.status()).toBe(404);
      expect(none.headers()["content-type"]).toContain("application/json");
      await message("Abgelaufen", "2020-01-01T00:00:00.000Z");
      await message("Ohne Ablaufdatum", null);
      expect((await request.get(url)).status()).toBe(404);
      const { id } = await message("Aktuell", "2999-01-01T00:00:00.000Z");
      const current = await request.get(url);
      expect(current.status()).toBe(200);
      expect(await current.json()).toEqual({ id, headline: "Aktuell", text: "<p>Bitte speichern Sie Ihre Arbeit.</p>", expiration_date: "2999-01-01T00:00:00.000Z" });

      const noteId = await host.make.patchNote({ headline: "Erste", text: "<p>x</p>", version: "1.0.0", patch_date: "2999-01-01 10:00" });
      const note = { id: noteId, headline: "Erste", text: "<p>x</p>", version: "1.0.0", patch_date: "2999-01-01 10:00" };
      expect(await (await request.get(`${host.baseURL}/api/patch-notes`)).json()).toEqual([note]);
      expect(await (await request.get(`${host.baseURL}/api/latest-version`)).json()).toEqual({ version: expect.stringMatching(/^\d+\.\d+\.\d+$/), patch: note });
    } finally {
      await host.db.deleteFrom("system_messages").execute();
      await host.db.deleteFrom("patch_notes").execute();
    }
  });

  test("an expired message and one without expiration date are not shown; a current one is shown once per user", async ({ page, context, javaScriptEnabled }) => {
    const headline = `Wartung ${hex()}`;
    try {
      await message("Abgelaufen", "2020-01-01T00:00:00.000Z");
      await message("Ohne Ablaufdatum", null);
      const admin = await signIn(host, context, "superadmin");
      await gotoReady(page, `${host.baseURL}/admin/systeminfo`, javaScriptEnabled);
      await expect(page.getByTestId("message-row")).toHaveCount(2);
      await expect(page.getByTestId("system-message")).toHaveCount(0);

      // A current message, made in the admin screen (German time): shown at once, over the page.
      await page.getByTestId("new-message").click();
      const form = dialogNamed(page, "Neue Systemnachricht");
      await form.getByLabel("Überschrift").fill(headline);
      await fillText(page, "Heute ab 18 Uhr", javaScriptEnabled);
      await form.getByLabel("Ablaufdatum").fill("2999-12-31T23:59");
      await form.getByTestId("save-message").click();
      await expect(toast(page)).toContainText(`Systemnachricht „${headline}“ angelegt.`);
      const row = await host.db.selectFrom("system_messages").select(["id", "expiration_date"]).where("headline", "=", headline).executeTakeFirstOrThrow();
      expect(row.expiration_date).toBe("2999-12-31T22:59:00.000Z");
      let shown = dialogNamed(page, headline);
      await expect(shown).toBeVisible();
      await expect(shown.getByTestId("system-message-text")).toHaveText("Heute ab 18 Uhr");

      // OK: gone, and not again after a reload.
      await confirmRead(page, shown);
      await expect(shown).toBeHidden();
      await expect(page).toHaveURL(`${host.baseURL}/admin/systeminfo`);
      await gotoReady(page, `${host.baseURL}/dashboard`, javaScriptEnabled);
      await expect(page.getByTestId("system-message")).toHaveCount(0);
      const reads = await host.db.selectFrom("system_message_reads").select(["user_id", "message_key"]).execute();
      expect(reads).toEqual([{ user_id: admin.id, message_key: `local:${row.id}` }]);

      // Another user sees it once too, on whatever page they open.
      const reader = await signIn(host, context, "client");
      await gotoReady(page, `${host.baseURL}/servicecatalog`, javaScriptEnabled);
      shown = dialogNamed(page, headline);
      await expect(shown).toBeVisible();
      await confirmRead(page, shown);
      await expect(shown).toBeHidden();
      await expect(page).toHaveURL(`${host.baseURL}/servicecatalog`);
      await page.reload();
      await expect(page.getByTestId("top-bar")).toBeVisible();
      await expect(page.getByTestId("system-message")).toHaveCount(0);
      expect(await host.db.selectFrom("system_message_reads").select("message_key").where("user_id", "=", reader.id).execute()).toEqual([{ message_key: `local:${row.id}` }]);
    } finally {
      await host.db.deleteFrom("system_message_reads").execute();
      await host.db.deleteFrom("system_messages").execute();
    }
  });

  test("another instance shows the system host's patch notes and message, and stores the read itself", async ({ page, context, javaScriptEnabled }) => {
    const tag = hex();
    await host.make.patchNote({ headline: `Host alt ${tag}`, text: "<p>alt</p>", version: "5.0.0", patch_date: "2999-01-01 10:00" });
    await host.make.patchNote({ headline: `Host neu ${tag}`, text: "<p>neu</p>", version: "5.1.0", patch_date: "2999-03-01 09:00" });
    const { id } = await message(`Vom Host ${tag}`, "2999-01-01T00:00:00.000Z", "<p>Zentral</p>");
    try {
      // Started after the host has data: its short cache then starts with the host's answers.
      client = await startSecondInstance("sysinfo-client", () => ({ SYSTEM_HOST_URL: host.baseURL }));
      const reader = await signIn(client, context, "user");
      await gotoReady(page, `${client.baseURL}/dashboard`, javaScriptEnabled);
      const shown = dialogNamed(page, `Vom Host ${tag}`);
      await expect(shown).toBeVisible();
      await expect(shown.getByTestId("system-message-text")).toHaveText("Zentral");
      await confirmRead(page, shown);
      await expect(shown).toBeHidden();
      await page.reload();
      await expect(page.getByTestId("top-bar")).toBeVisible();
      await expect(page.getByTestId("system-message")).toHaveCount(0);
      const hostKey = `${new URL(host.baseURL).host}:${id}`;
      expect(await client.db.selectFrom("system_message_reads").select(["user_id", "message_key"]).execute()).toEqual([{ user_id: reader.id, message_key: hostKey }]);
      expect(await host.db.selectFrom("system_message_reads").select("user_id").where("message_key", "=", `local:${id}`).execute()).toEqual([]);

      const notes = await openPatchNotes(page);
      await expect(notes.getByTestId("patch-note-headline")).toHaveText(`Host neu ${tag}`);
      await expect(notes.getByTestId("patch-note-version")).toHaveText("Version: 5.1.0");
      await expect(notes.getByTestId("patch-notes-counter")).toHaveText("1 / 2");
      await notes.getByTestId("patch-notes-next").click();
      await expect(notes.getByTestId("patch-note-headline")).toHaveText(`Host alt ${tag}`);

      // The client's own admin screen says where the data comes from.
      await signIn(client, context, "superadmin");
      await gotoReady(page, `${client.baseURL}/admin/systeminfo`, javaScriptEnabled);
      const note = page.getByTestId("system-host");
      await expect(note).toContainText(`Versionshinweise und Systemnachricht kommen von ${host.baseURL}/`);
      await expect(note).toContainText(/Version des System-Hosts: \d+\.\d+\.\d+/);
    } finally {
      await host.db.deleteFrom("system_messages").execute();
      await host.db.deleteFrom("patch_notes").execute();
    }
  });
});
