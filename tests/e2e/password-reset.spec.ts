import { expect, loginWithForm, readMail, test } from "../support/fixtures";

test("password reset end to end through a real SMTP server", async ({ page, make }) => {
  const user = await make.user("keyuser", { name: "Rita Reset" });
  await page.goto("/login");
  await page.getByRole("link", { name: "Passwort vergessen?" }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel(/^E-Mail/).fill(user.email);
  await page.getByRole("button", { name: "Link senden" }).click();
  await expect(page.getByTestId("reset-sent")).toBeVisible();

  const mail = await readMail(user.email);
  expect(mail).toContain("Rita Reset");
  const link = mail.match(/https?:\/\/[^\s]+\/reset-password\/[A-Za-z0-9_-]+/)?.[0];
  expect(link, "reset link in the mail").toBeTruthy();

  await page.goto(link!);
  await page.getByLabel("Neues Passwort").fill("short");
  await page.getByLabel("Passwort bestätigen").fill("short");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText("Das Passwort muss mindestens 8 Zeichen lang sein.")).toBeVisible();

  await page.getByLabel("Neues Passwort").fill("reset-done-pass-9");
  await page.getByLabel("Passwort bestätigen").fill("reset-done-pass-9");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId("toast")).toContainText("Ihr Passwort wurde geändert.");

  await loginWithForm(page, user.email, "reset-done-pass-9");
  await expect(page).toHaveURL(/\/dashboard$/);

  // Single use: the same link is no longer valid.
  await page.goto(link!);
  await expect(page.getByTestId("reset-invalid")).toBeVisible();
});

test("an unknown e-mail gets the same answer and no mail", async ({ page }) => {
  await page.goto("/reset-password");
  await page.getByLabel(/^E-Mail/).fill("nobody-at-all@example.com");
  await page.getByRole("button", { name: "Link senden" }).click();
  await expect(page.getByTestId("reset-sent")).toBeVisible();
  await expect(readMail("nobody-at-all@example.com", 1500)).rejects.toThrow("no mail");
});
