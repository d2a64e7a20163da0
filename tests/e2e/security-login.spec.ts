import crypto from "node:crypto";
import { expect, gotoReady, loginWithForm, test } from "../support/fixtures";

/**
 * Issue 31 item 4 (decision 0046) as the owner sees it: while someone guesses the password from
 * many addresses, the owner signs in from the browser they used before; a browser that never
 * signed in is asked to wait some seconds instead of being locked out for 15 minutes.
 */
const base = () => `http://127.0.0.1:${process.env.E2E_PORT}`;

function anotherClient(): string {
  const [a, b, c] = crypto.randomBytes(3);
  return `127.${a || 1}.${b}.${(c % 250) + 2}`;
}

test("during an attack the owner still signs in from their known browser; an unknown browser is asked to wait seconds", async ({ page, make, db, browser, javaScriptEnabled }) => {
  const owner = await make.user("keyuser");
  await gotoReady(page, "/login", javaScriptEnabled);
  await loginWithForm(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByTestId("user-menu").locator("summary").click();
  await page.getByTestId("logout").click();
  await expect(page).toHaveURL(/\/login$/);

  // What 50 wrong passwords from 50 addresses leave behind (before: the account locked for everyone
  // for 15 minutes). Written directly, so the delay they cause does not depend on this machine's speed;
  // security-login.http.spec.ts sends a real attack.
  const now = new Date().toISOString();
  for (let i = 0; i < 50; i++) await db.insertInto("login_attempts").values({ email: owner.email.toLowerCase(), ip: anotherClient(), created_at: now }).execute();

  await gotoReady(page, "/login", javaScriptEnabled);
  await loginWithForm(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("welcome")).toContainText(owner.name);

  const stranger = await browser.newContext({ baseURL: base(), locale: "de-DE", javaScriptEnabled });
  try {
    const other = await stranger.newPage();
    await gotoReady(other, "/login", javaScriptEnabled);
    await loginWithForm(other, owner.email, owner.password);
    await expect(other.getByTestId("form-error")).toContainText(/Bitte versuchen Sie es in \d+ Sekunden erneut\./);
    await expect(other).toHaveURL(/\/login/);
  } finally {
    await stranger.close();
  }
});
