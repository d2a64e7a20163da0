import { expect, gotoReady, test } from "../support/fixtures";

/**
 * The shell's Tab order. Every screen's keyboard checks (each control reachable, a visible focus,
 * no trap) run in tests/e2e/screen-sweep.spec.ts; menus and dialogs (arrow keys, Escape, focus
 * return) have their own specs: top-bar-menus.spec.ts, shell.spec.ts.
 *
 * With JavaScript only: without it the same server HTML is shown minus the enhancements, and the
 * enhancements (menus, dialogs, editors) are what could break the keyboard.
 */
test.describe("keyboard", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the enhancements are what could take the keyboard away; without JS the same HTML without them is shown");

  test("the shell: Tab from the top of the page walks through the skip link, top bar and side menu", async ({ page, login }) => {
    await login("superadmin");
    await gotoReady(page, "/dashboard", true);
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press("Tab");
      const id = await page.evaluate((step) => {
        const el = document.activeElement;
        if (!el || el === document.body) return null;
        if (!el.hasAttribute("data-kbd")) el.setAttribute("data-kbd", String(step));
        return el.getAttribute("data-kbd");
      }, i);
      expect(id, `Tab ${i + 1} left the page`).not.toBeNull();
      expect(seen.has(id!), `Tab ${i + 1} came back to an element already visited`).toBe(false);
      seen.add(id!);
    }
  });
});
