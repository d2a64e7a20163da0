import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, gotoReady, test } from "../support/fixtures";

/**
 * axe (WCAG 2.0/2.1 A and AA) on every screen, in German and English, with JS on and off (the
 * project decides). Signed-in screens are seen as a superadmin, who reaches all of them.
 */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

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
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1, 2).join("") ?? ""}`),
    count: v.nodes.length,
  }));
}

async function firstIds(db: import("~/server/db/db.server").DB) {
  const service = await db.selectFrom("services").select(["id"]).where("deleted_at", "is", null).orderBy("id").executeTakeFirstOrThrow();
  const area = await db.selectFrom("service_areas").select("id").orderBy("id").executeTakeFirstOrThrow();
  const category = await db.selectFrom("service_categories").select("id").orderBy("id").executeTakeFirstOrThrow();
  const owner = await db.selectFrom("owners").select("id").orderBy("id").executeTakeFirstOrThrow();
  return { service: service.id, area: area.id, category: category.id, owner: owner.id };
}

const PUBLIC_SCREENS = ["/login", "/reset-password"];

function signedInScreens(ids: Awaited<ReturnType<typeof firstIds>>) {
  return [
    "/dashboard",
    "/servicecatalog",
    "/servicecatalog?view=1",
    "/servicecatalog?view=2",
    "/servicecatalog/catalogues",
    "/servicecatalog/new",
    `/servicecatalog/area/${ids.area}`,
    `/servicecatalog/category/${ids.category}`,
    `/servicecatalog/service/${ids.service}`,
    `/servicecatalog/service/${ids.service}/delete`,
    `/servicecatalog/service/${ids.service}/duplicate`,
    `/servicecatalog/service/${ids.service}/derivative`,
    "/bin",
    "/basedata/owner",
    "/basedata/owner/new",
    `/basedata/owner/${ids.owner}`,
    `/basedata/owner/${ids.owner}/edit`,
    `/basedata/owner/${ids.owner}/delete`,
    "/basedata/kpis",
    "/basedata/provider",
    "/basedata/termdefinitions",
    "/basedata/customerdata",
    "/admin/tags",
    "/settings",
    "/settings/password",
    "/unauthorized",
    "/views",
    "/servicecatalog/service/999999999",
  ];
}

for (const language of ["de", "en"] as const) {
  test.describe(`axe, ${language}`, () => {
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

    test("signed-in screens have no violations", async ({ browser, context, baseURL, db, login, javaScriptEnabled }) => {
      test.setTimeout(180_000);
      await context.addCookies([{ name: "sh_lng", value: Buffer.from(JSON.stringify(language)).toString("base64"), url: baseURL! }]);
      await login("superadmin");
      const ids = await firstIds(db);
      const scanning = await scanningContext(browser, context, locale, javaScriptEnabled, baseURL!);
      const page = await scanning.newPage();
      const found: Record<string, unknown> = {};
      for (const url of signedInScreens(ids)) {
        await gotoReady(page, url, javaScriptEnabled);
        const v = await violations(page);
        if (v.length) found[url] = v;
      }
      await scanning.close();
      expect(found).toEqual({});
    });
  });
}
