import { chromium } from "@playwright/test";
import fs from "node:fs"; import http from "node:http";
const axeSource = fs.readFileSync("node_modules/axe-core/axe.min.js");
const srv = http.createServer((q, s) => { s.writeHead(200, { "content-type": "text/javascript", "cache-control": "public, max-age=31536000, immutable", "access-control-allow-origin": "*" }); s.end(axeSource); }).listen(3998, "127.0.0.1");
const B = "http://127.0.0.1:3999";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium-headless-shell", args: ["--no-sandbox","--disable-gpu","--disable-dev-shm-usage"] });
const ctx = await browser.newContext({ baseURL: B, bypassCSP: true }); const page = await ctx.newPage();
await page.goto("/login");
await page.getByLabel(/^E-Mail/).fill("superadmin@example.com");
await page.getByLabel(/^(Passwort|Password)/).first().fill("servicehub-demo");
await page.getByRole("button", { name: /^(Anmelden|Sign in)$/ }).click();
await page.waitForURL(/dashboard/);
for (const url of ["/dashboard", "/servicecatalog", "/servicecatalog/service/1", "/basedata/owner", "/admin/usermanagement", "/dashboard", "/servicecatalog"]) {
  await page.goto(url); await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  let t = Date.now(); await page.addScriptTag({ url: "http://127.0.0.1:3998/axe.min.js" }); const inject = Date.now() - t;
  t = Date.now();
  const r = await page.evaluate(async () => (await window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a","wcag2aa","wcag21a","wcag21aa"] }, resultTypes: ["violations"] })).violations.map(v=>v.id+":"+v.nodes[0].target));
  console.log(url, { inject, full: Date.now() - t, r });
}
await browser.close(); srv.close();
