import { chromium } from "@playwright/test";
import fs from "node:fs";
const axeSource = fs.readFileSync("node_modules/axe-core/axe.min.js", "utf8");
const B = "http://127.0.0.1:3999";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium-headless-shell", args: ["--no-sandbox","--disable-gpu","--disable-dev-shm-usage"] });
const ctx = await browser.newContext({ baseURL: B }); const page = await ctx.newPage();
await page.goto("/login");
await page.getByLabel(/^E-Mail/).fill("superadmin@example.com");
await page.getByLabel(/^(Passwort|Password)/).first().fill("servicehub-demo");
await page.getByRole("button", { name: /^(Anmelden|Sign in)$/ }).click();
await page.waitForURL(/dashboard/);
const tot = {};
for (const url of ["/dashboard", "/servicecatalog", "/servicecatalog/service/1", "/basedata/owner", "/admin/usermanagement"]) {
  await page.goto(url); await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  let t = Date.now(); await page.evaluate(axeSource); const inject = Date.now() - t;
  t = Date.now();
  const r = await page.evaluate(async () => {
    const out = {};
    const res = await window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a","wcag2aa","wcag21a","wcag21aa"] }, resultTypes: ["violations"] });
    return res.violations.length;
  });
  const full = Date.now() - t;
  // per rule
  const rules = await page.evaluate(() => window.axe.getRules(["wcag2a","wcag2aa","wcag21a","wcag21aa"]).map(r => r.ruleId));
  const per = {};
  for (const id of rules) { const t1 = Date.now(); await page.evaluate((id) => window.axe.run(document, { runOnly: { type: "rule", values: [id] }, resultTypes: ["violations"] }), id); per[id] = Date.now() - t1; tot[id] = (tot[id] ?? 0) + per[id]; }
  console.log(url, { inject, full, v: r });
}
console.log(Object.entries(tot).sort((a,b)=>b[1]-a[1]).slice(0,12));
await browser.close();
