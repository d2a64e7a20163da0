import de from "~/i18n/locales/de";
import { expect, test } from "../support/fixtures";
import { serviceOfItsOwn, servicePage } from "../support/helpers";

// Issue 32 §6 (docs/decisions/0053-refusal-pages.md), JS on and off: what a signed-in person meets
// at an address they may not open, or that leads nowhere, is the app's own page in German inside
// the shell (side menu and top bar), with the status scripts see unchanged; /patch-notes opened by
// its address is a page, not a dialog over nothing.

test("refusals, unknown addresses and /patch-notes are pages inside the shell", async ({ page, login, make, javaScriptEnabled }) => {
  test.setTimeout(120_000);
  await login("client"); // without the word-export flag
  const service = await serviceOfItsOwn(make);
  const binned = await serviceOfItsOwn(make, { deleted_at: new Date().toISOString() });
  const visits = [
    // A download (a resource route), refused: it answered a bare "Forbidden" before.
    { path: `${servicePage(service)}/export.docx`, status: 403, heading: "Kein Zugriff", text: "Dafür fehlt Ihnen die Berechtigung." },
    { path: "/no-such-page", status: 404, heading: "Seite nicht gefunden", text: "Diese Seite wurde nicht gefunden" },
    { path: "/servicecatalog/nonsense", status: 404, heading: "Seite nicht gefunden", text: "Diese Seite wurde nicht gefunden" },
    { path: servicePage(binned), status: 404, heading: "Seite nicht gefunden", text: "Diese Seite wurde nicht gefunden" },
  ];
  // Soft: the walk reports every address that is not yet a page, not only the first.
  for (const { path, status, heading, text } of visits) {
    const response = await page.goto(path);
    expect.soft(response?.status(), path).toBe(status);
    const error = page.getByTestId("error-page");
    await expect.soft(error.getByRole("heading", { level: 1 }), path).toHaveText(heading);
    await expect.soft(error, path).toContainText(text);
    await expect.soft(page.getByTestId("side-menu"), path).toBeVisible();
    await expect.soft(page.getByTestId("top-bar"), path).toBeVisible();
  }

  // The refusal page of the download works as a page: the side menu leads on (with JS after hydrating).
  await page.goto(`${servicePage(service)}/export.docx`);
  if (javaScriptEnabled) await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await page.getByTestId("side-menu").getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("error-page")).toHaveCount(0);

  // The heading is the resource's own text: item 8 of the issue may still rename it.
  const title = de.shell.patchNotes;
  const response = await page.goto("/patch-notes");
  expect.soft(response?.status()).toBe(200);
  await expect.soft(page.getByTestId("patch-notes-page").getByRole("heading", { level: 1 })).toHaveText(title);
  await expect.soft(page.getByRole("dialog", { name: title })).toHaveCount(0);
  await expect.soft(page.getByTestId("side-menu")).toBeVisible();
});
