import type { Role } from "~/modules/access/roles";
import { berlinZone } from "~/modules/contract/contract";
import { CONTRACT_KEY } from "~/modules/contract/contract.server";
import { formatDateTime } from "~/lib/dates";
import type { DB } from "~/server/db/db.server";
import { expect, gotoReady, holdScripts, SERVER_CHECK, test } from "../support/fixtures";
import { toast, withLock } from "../support/helpers";

/**
 * Auftragsdatenverarbeitung (issue 16 §4, spec 01 §2 "Contract screen", §5): a name is required,
 * the first acceptance stays and is shown read-only; only the admin guard may accept. The status
 * is one global row and both projects run in parallel: every test holds the "contract" lock and
 * leaves the contract not accepted.
 */

const PAGE = "/settings/contract";

async function withoutContract(db: DB, fn: () => Promise<void>) {
  await withLock("contract", async () => {
    const clear = () => db.deleteFrom("settings").where("key", "=", CONTRACT_KEY).execute();
    await clear();
    try {
      await fn();
    } finally {
      await clear();
    }
  });
}

const storedRow = (db: DB) => db.selectFrom("settings").selectAll().where("key", "=", CONTRACT_KEY).executeTakeFirst();

test("an empty name is refused with the spec's message, and nothing is stored", async ({ page, db, login, javaScriptEnabled }) => {
  await login("superadmin");
  await withoutContract(db, async () => {
    await gotoReady(page, PAGE, javaScriptEnabled);
    await expect(page.getByRole("heading", { name: "§ 1 Gegenstand und Dauer des Auftrags" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "§ 10 Haftung und Schlussbestimmungen" })).toBeVisible();
    const name = page.getByRole("textbox", { name: /^Name/ });
    const accept = page.getByRole("button", { name: "Akzeptieren" });
    if (javaScriptEnabled) {
      // The button waits for a name (spaces do not count).
      await expect(accept).toBeDisabled();
      await name.fill("   ");
      await expect(accept).toBeDisabled();
      await name.fill("Erika Mustermann");
      await expect(accept).toBeEnabled();
      await name.fill("");
      await expect(accept).toBeDisabled();
    } else {
      await expect(accept).toBeEnabled();
      await accept.click();
      await expect(page.getByText("Sie müssen einen Namen eingeben")).toBeVisible();
      await expect(name).toHaveAttribute("aria-invalid", "true");
    }
    // The server refuses too, whatever the browser does.
    for (const value of ["", "   "]) {
      const response = await page.request.post(PAGE, { form: { name: value }, maxRedirects: 0 });
      expect(response.status()).toBe(400);
      expect(await response.text()).toContain("Sie müssen einen Namen eingeben");
    }
    expect(await storedRow(db)).toBeUndefined();
  });
});

test("a name typed before the page came to life stays, and Accept is enabled for it", async ({ page, db, login, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without JS the field is the server's plain input");
  await login("superadmin");
  await withoutContract(db, async () => {
    const release = await holdScripts(page);
    await page.goto(PAGE, { waitUntil: "domcontentloaded" });
    const name = page.getByRole("textbox", { name: /^Name/ });
    await name.fill("Erika Mustermann");
    release();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(name).toHaveValue("Erika Mustermann");
    await expect(page.getByRole("button", { name: "Akzeptieren" })).toBeEnabled();
  });
});

test("accepting with a name shows who and when, read-only with a check, after a reload; a second acceptance is refused", async ({ page, db, login, javaScriptEnabled }) => {
  const admin = await login("superadmin");
  await withoutContract(db, async () => {
    await gotoReady(page, PAGE, javaScriptEnabled);
    await expect(page.getByTestId("contract-status")).toHaveText("Der Vertrag ist noch nicht akzeptiert. Sie können ihn am Ende des Textes akzeptieren.");
    await page.getByTestId("contract-name").fill("  Erika Mustermann ");
    await page.getByRole("button", { name: "Akzeptieren" }).click();
    await expect(toast(page)).toContainText("Der Vertrag wurde akzeptiert.");
    await expect(page).toHaveURL(new RegExp(`${PAGE}$`));

    const row = await storedRow(db);
    const stored = JSON.parse(row?.value ?? "null") as { accepted_by: string; accepted_at: string; user_id: number };
    expect(stored).toMatchObject({ accepted_by: "Erika Mustermann", user_id: admin.id });
    const activity = await db.selectFrom("activities").selectAll().where("subject_type", "=", "contract").orderBy("id", "desc").executeTakeFirst();
    expect(activity).toMatchObject({ event: "contract_accepted", causer_id: admin.id });

    await gotoReady(page, PAGE, javaScriptEnabled);
    const acceptedBy = page.getByLabel("Akzeptiert von");
    const zone = berlinZone(stored.accepted_at) === "cest" ? "MESZ" : "MEZ";
    await expect(acceptedBy).toHaveValue(`Erika Mustermann, ${formatDateTime(stored.accepted_at)} ${zone}`);
    await expect(acceptedBy).toHaveAttribute("readonly", "");
    await expect(page.getByTestId("contract-accepted-icon")).toBeVisible();
    // § 10 (2) promises name and time "are shown": the document itself ends with them (issue 32 §12).
    const signature = page.getByTestId("contract-text").locator("> :last-child");
    await expect(signature).toHaveText(`Akzeptiert von Erika Mustermann am ${formatDateTime(stored.accepted_at)} ${zone}.`);
    await expect(page.getByTestId("contract-status")).toHaveText("Der Vertrag ist akzeptiert.");
    await expect(page.getByTestId("contract-name")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Akzeptieren" })).toHaveCount(0);

    // The first acceptance stays.
    const again = await page.request.post(PAGE, { form: { name: "Max Mustermann" }, maxRedirects: 0 });
    expect(again.status()).toBe(409);
    expect(await again.text()).toContain("Der Vertrag wurde bereits akzeptiert.");
    expect(await storedRow(db)).toEqual(row);
  });
});

test("a keysuperuser can accept the contract; an English reader gets the English text", async ({ page, context, baseURL, db, login, javaScriptEnabled }) => {
  const keysuperuser = await login("keysuperuser");
  const escaped = keysuperuser.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await withoutContract(db, async () => {
    await gotoReady(page, PAGE, javaScriptEnabled);
    await page.getByTestId("contract-name").fill(keysuperuser.name);
    await page.getByRole("button", { name: "Akzeptieren" }).click();
    await expect(page.getByLabel("Akzeptiert von")).toHaveValue(new RegExp(`^${escaped}, \\d{2}\\.\\d{2}\\.\\d{4} \\d{2}:\\d{2} MES?Z$`));
    expect(JSON.parse((await storedRow(db))?.value ?? "null")).toMatchObject({ accepted_by: keysuperuser.name, user_id: keysuperuser.id });

    await context.addCookies([{ name: "sh_lng", value: Buffer.from(JSON.stringify("en")).toString("base64"), url: baseURL! }]);
    await gotoReady(page, PAGE, javaScriptEnabled);
    await expect(page.getByRole("heading", { name: "8. Notification of personal data breaches" })).toBeVisible();
    await expect(page.getByText("at the latest within 36 hours")).toBeVisible();
    await expect(page.getByTestId("contract-text").locator("> :last-child")).toHaveText(new RegExp(`^Accepted by ${escaped} on \\d{1,2} [A-Z][a-z]{2} \\d{4}, \\d{2}:\\d{2} CES?T\\.$`));
    await expect(page.getByLabel("Accepted by")).toHaveValue(new RegExp(`^${escaped}, \\d{1,2} [A-Z][a-z]{2} \\d{4}, \\d{2}:\\d{2} CES?T$`));
  });
});

for (const role of ["admin", "keyuser", "user", "client"] as Role[]) {
  test(`${role}: the page shows the first visible entry instead and a POST gets 403 and changes nothing`, SERVER_CHECK, async ({ page, db, login }) => {
    await login(role);
    await page.goto(PAGE);
    await expect(page).toHaveURL(/\/settings\/sidebar$/);
    await withoutContract(db, async () => {
      const response = await page.request.post(PAGE, { form: { name: "Unbefugt" }, maxRedirects: 0 });
      expect(response.status()).toBe(403);
      expect(await storedRow(db)).toBeUndefined();
    });
  });
}
