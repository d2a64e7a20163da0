import { expect, gotoReady, test } from "../support/fixtures";
import { hex, toast } from "../support/helpers";

/** Issue 32 §12, "smaller things" that need a browser of their own. */

test("on a phone the success toast does not cover the new section's add links", async ({ page, login, make, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the toast moves by measuring the page; without JS it is the server's notice at the bottom");
  await page.setViewportSize({ width: 390, height: 844 });
  await login("superadmin");
  const name = `Abschnitt ${hex()}`;
  const { catalogueId } = await make.catalogueWithServices(1);
  await gotoReady(page, `/catalogframe/${catalogueId}`, javaScriptEnabled);
  await page.getByTestId("new-section").click();
  const dialog = page.getByRole("dialog", { name: "Neuer Abschnitt" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Typ").selectOption("Table");
  await dialog.getByTestId("save-section").click();
  await expect(toast(page)).toContainText(`Abschnitt „${name}“ angelegt.`);
  // The new section ends at the bottom of the screen: its "Tabelle/Matrix hinzufügen" were under the toast.
  const section = page.getByTestId("section").filter({ has: page.getByRole("heading", { name, exact: true }) });
  const links = section.getByRole("link", { name: /hinzufügen$/ });
  await expect(links).toHaveCount(2);
  await expect(links.first()).toBeInViewport();
  const apart = async () => {
    const box = await toast(page).boundingBox();
    const others = await Promise.all((await links.all()).map((link) => link.boundingBox()));
    return others.every((b) => !box || !b || b.y + b.height <= box.y || b.y >= box.y + box.height || b.x + b.width <= box.x || b.x >= box.x + box.width);
  };
  await expect.poll(apart).toBe(true);
});
