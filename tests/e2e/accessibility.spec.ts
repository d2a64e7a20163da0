import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, gotoReady, test } from "../support/fixtures";
import { PUBLIC_SCREENS, firstIds, signedInScreens } from "../support/screens";

/**
 * axe (WCAG 2.0/2.1 A and AA) on every screen (tests/support/screens.ts) in German and English.
 * German with JS on and off (the project decides); English with JS only: a language changes the
 * words, not the markup, and the markup without JS is the German run's. Signed-in screens are
 * seen as a superadmin, who reaches all of them.
 */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
// Eight parts: on a slow machine (every step ~1 s) four parts ran past their two minutes.
const PARTS = 8;

/**
 * axe runs inside the page, so it needs JavaScript. For the no-JS project the page is loaded in a
 * JS context that gets the server's HTML without its scripts and with <noscript> unwrapped: the
 * DOM a browser without JavaScript shows.
 */
async function scanningContext(browser: Browser, from: BrowserContext, locale: string, javaScriptEnabled: boolean, baseURL: string) {
  const context = await browser.newContext({ baseURL, locale, javaScriptEnabled: true });
  await context.addCookies(await from.cookies());
  if (!javaScriptEnabled) {
    await context.route("**/*", async (route) => {
      const type = route.request().resourceType();
      if (type === "script") return route.abort();
      if (type !== "document") return route.continue();
      const response = await route.fetch();
      const body = (await response.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<\/?noscript>/gi, "");
      return route.fulfill({ response, body });
    });
  }
  return context;
}

async function violations(page: Page) {
  // Only violations are collected in full (passes' node details cost ~10% of the scan).
  const result = await new AxeBuilder({ page }).options({ runOnly: { type: "tag", values: TAGS }, resultTypes: ["violations"] }).analyze();
  return result.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1, 2).join("") ?? ""}`),
    count: v.nodes.length,
  }));
}

for (const language of ["de", "en"] as const) {
  test.describe(`axe, ${language}`, () => {
    test.skip(({ javaScriptEnabled }) => language === "en" && !javaScriptEnabled, "English is scanned with JS: the markup without JS is scanned in German");
    test.use({ locale: language === "de" ? "de-DE" : "en-US" });
    const locale = language === "de" ? "de-DE" : "en-US";

    test("public screens have no violations", async ({ browser, context, baseURL, javaScriptEnabled }) => {
      await context.addCookies([{ name: "sh_lng", value: Buffer.from(JSON.stringify(language)).toString("base64"), url: baseURL! }]);
      const scanning = await scanningContext(browser, context, locale, javaScriptEnabled, baseURL!);
      const page = await scanning.newPage();
      const found: Record<string, unknown> = {};
      for (const url of PUBLIC_SCREENS) {
        await gotoReady(page, url, javaScriptEnabled);
        const v = await violations(page);
        if (v.length) found[url] = v;
      }
      await scanning.close();
      expect(found).toEqual({});
    });

    // In parts, each with its own time budget and worker: the list grows with every screen.
    for (let part = 0; part < PARTS; part++) {
      test(`signed-in screens have no violations (part ${part + 1} of ${PARTS})`, async ({ browser, context, baseURL, db, login, javaScriptEnabled }) => {
        test.setTimeout(120_000);
        await context.addCookies([{ name: "sh_lng", value: Buffer.from(JSON.stringify(language)).toString("base64"), url: baseURL! }]);
        await login("superadmin");
        const ids = await firstIds(db);
        const scanning = await scanningContext(browser, context, locale, javaScriptEnabled, baseURL!);
        const page = await scanning.newPage();
        const found: Record<string, unknown> = {};
        for (const url of signedInScreens(ids).filter((_, i) => i % PARTS === part)) {
          await gotoReady(page, url, javaScriptEnabled);
          const v = await violations(page);
          if (v.length) found[url] = v;
        }
        await scanning.close();
        expect(found).toEqual({});
      });
    }
  });
}
