import type { Page } from "@playwright/test";
import type { Factories } from "../factories";
import { expect, gotoReady, test } from "../support/fixtures";
import { hex } from "../support/helpers";

// /sla (issue 20 §2): services × service levels grouped by provider, filtered by a GET form,
// printable on A4 landscape. JS on and off, in a catalogue of the test's own.

/**
 * Providers P1, P2; levels L1, L2 with definition, calculation and measuring points.
 * A: P1, L1+L2 · B: P1+P2, L1 · C: no provider, L2 · D: P2, no level (not in the overview).
 */
async function buildCatalogue(make: Factories) {
  const tag = hex();
  const id = await make.catalogue({ title: `SLA-Katalog ${tag}` });
  const category = await make.category(id, { name: `Kategorie ${tag}` });
  const p1 = await make.provider({ name: `Anbieter Eins ${tag}` });
  const p2 = await make.provider({ name: `Anbieter Zwei ${tag}` });
  const l1 = await make.kpi({ name: `Verfügbarkeit ${tag}`, definition: `Betriebszeit ${tag}`, calculation: "Uptime / Servicezeit", measuring_points: "Monitoring\naus Anwendersicht" });
  const l2 = await make.kpi({ name: `Reaktionszeit ${tag}`, definition: "Zeit bis zur ersten Antwort", calculation: "Median", measuring_points: "Ticketsystem" });
  const names = { a: `Dienst A ${tag}`, b: `Dienst B ${tag}`, c: `Dienst C ${tag}`, d: `Dienst D ${tag}` };
  await make.service(id, category, { name: names.a, providers: [p1], kpis: [l1, l2] });
  await make.service(id, category, { name: names.b, providers: [p1, p2], kpis: [l1] });
  await make.service(id, null, { name: names.c, kpis: [l2] });
  await make.service(id, category, { name: names.d, providers: [p2] });
  return { id, tag, p1, p2, l1, l2, names, providers: [`Anbieter Eins ${tag}`, `Anbieter Zwei ${tag}`] };
}

/** Each group as "provider: service[level, level] …". */
async function outline(page: Page) {
  return page.getByTestId("sla-group").evaluateAll((groups) =>
    groups.map((g) => {
      const title = g.querySelector("[data-testid=sla-group-title]")?.textContent ?? "";
      const services = [...g.querySelectorAll("[data-testid=sla-service]")].map((s) => {
        const name = s.querySelector("[data-testid=sla-service-name]")?.textContent ?? "";
        const levels = [...s.querySelectorAll("[data-testid=sla-level]")].map((l) => l.textContent);
        return `${name}[${levels.join(", ")}]`;
      });
      return `${title}: ${services.join(" ")}`;
    }),
  );
}

test.describe.configure({ timeout: 90_000 });

test("groups services with their levels by provider, with definition, calculation and measuring points", async ({ page, make, login, javaScriptEnabled }) => {
  await login("client");
  const c = await buildCatalogue(make);
  const { names, tag } = c;
  await gotoReady(page, `/sla?catalogue=${c.id}`, javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "SLA-Übersicht" })).toBeVisible();
  const L1 = `Verfügbarkeit ${tag}`;
  const L2 = `Reaktionszeit ${tag}`;
  await expect.poll(() => outline(page)).toEqual([
    `Anbieter Eins ${tag}: ${names.a}[${L2}, ${L1}] ${names.b}[${L1}]`,
    `Anbieter Zwei ${tag}: ${names.b}[${L1}]`,
    `Ohne Service-Provider: ${names.c}[${L2}]`,
  ]);
  await expect(page.getByTestId("sla-summary")).toContainText("4 Service-Einträge");
  const a = page.locator(`[data-testid=sla-service]`).filter({ hasText: names.a });
  const row = a.locator("tr", { hasText: L1 });
  await expect(row.locator("td")).toHaveText([L1, `Betriebszeit ${tag}`, "Uptime / Servicezeit", "Monitoring\naus Anwendersicht"]);
  await expect(a.getByTestId("sla-service-name")).toHaveAttribute("href", /\/servicecatalog\/service\/\d+$/);

  // The service without a level is not in the overview; the note leads to it in the browser.
  await expect(page.getByTestId("sla-without-level")).toContainText("1 Service dieser Auswahl hat kein Service-Level.");
  await page.getByTestId("sla-without-level-link").click();
  await expect(page).toHaveURL(/\/servicecatalog\?/);
  await expect(page.getByTestId("service-row").getByRole("link")).toHaveText([names.d]);
});

test("filters by provider, service level, search and catalogue through the GET form", async ({ page, make, login, javaScriptEnabled }) => {
  await login("user");
  const c = await buildCatalogue(make);
  const { names, tag } = c;
  await gotoReady(page, `/sla?catalogue=${c.id}`, javaScriptEnabled);
  await page.getByTestId("sla-provider").selectOption({ label: `Anbieter Zwei ${tag}` });
  await page.getByTestId("sla-apply").click();
  await expect(page).toHaveURL(new RegExp(`provider=${c.p2}`));
  await expect.poll(() => outline(page)).toEqual([`Anbieter Zwei ${tag}: ${names.b}[Verfügbarkeit ${tag}]`]);
  // The form keeps what was chosen.
  await expect(page.getByTestId("sla-provider")).toHaveValue(String(c.p2));

  await page.getByTestId("sla-provider").selectOption({ label: "Ohne Service-Provider" });
  await page.getByTestId("sla-apply").click();
  await expect(page).toHaveURL(/provider=none/);
  await expect.poll(() => outline(page)).toEqual([`Ohne Service-Provider: ${names.c}[Reaktionszeit ${tag}]`]);

  // One level: only the services with it, and only that level's row.
  await page.getByTestId("sla-provider").selectOption({ label: "Alle Service-Provider" });
  await page.getByTestId("sla-kpi").selectOption({ label: `Reaktionszeit ${tag}` });
  await page.getByTestId("sla-apply").click();
  await expect(page).toHaveURL(new RegExp(`kpi=${c.l2}`));
  await expect.poll(() => outline(page)).toEqual([`Anbieter Eins ${tag}: ${names.a}[Reaktionszeit ${tag}]`, `Ohne Service-Provider: ${names.c}[Reaktionszeit ${tag}]`]);

  // The search works as in the catalogue browser ("exact name" in quotes).
  await page.getByTestId("sla-kpi").selectOption({ label: "Alle Service-Level" });
  await page.getByTestId("sla-q").fill(`"${names.b}"`);
  await page.getByTestId("sla-apply").click();
  await expect.poll(() => outline(page)).toEqual([`Anbieter Eins ${tag}: ${names.b}[Verfügbarkeit ${tag}]`, `Anbieter Zwei ${tag}: ${names.b}[Verfügbarkeit ${tag}]`]);

  // All catalogues: the demo catalogue's services join; ours are still there.
  await gotoReady(page, `/sla?catalogue=all&q=${encodeURIComponent(tag)}`, javaScriptEnabled);
  await expect(page.getByTestId("sla-service")).toHaveCount(4);
  await gotoReady(page, `/sla?catalogue=all`, javaScriptEnabled);
  await expect(page.getByTestId("sla-group").first()).toBeVisible();

  // Nonsense in the URL is named beside its field and that filter is left out.
  await gotoReady(page, `/sla?catalogue=${c.id}&provider=abc`, javaScriptEnabled);
  await expect(page.getByText("Ungültige Auswahl; dieser Filter wird nicht angewendet.")).toBeVisible();
  await expect(page.getByTestId("sla-group")).toHaveCount(3);
  // Nothing matches: an empty state, not an empty page.
  await gotoReady(page, `/sla?catalogue=${c.id}&q=${hex()}${hex()}`, javaScriptEnabled);
  await expect(page.getByTestId("sla-empty")).toBeVisible();
});

test("prints on A4 landscape without the app's chrome; the print button needs JS", async ({ page, make, login, javaScriptEnabled }) => {
  await login("keyuser");
  const c = await buildCatalogue(make);
  await gotoReady(page, `/sla?catalogue=${c.id}&provider=${c.p1}`, javaScriptEnabled);
  if (javaScriptEnabled) await expect(page.getByTestId("sla-print")).toBeVisible();
  else await expect(page.getByText("Zum Drucken die Druckfunktion des Browsers verwenden (Strg+P)")).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("top-bar")).toBeHidden();
  await expect(page.getByTestId("side-menu")).toBeHidden();
  await expect(page.getByTestId("sla-filter")).toBeHidden();
  await expect(page.getByTestId("sla-printed-filter")).toHaveText(`Katalog: SLA-Katalog ${c.tag} · Service-Provider: Anbieter Eins ${c.tag}`);
  await expect(page.getByTestId("sla-group")).toHaveCount(1);
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString("latin1");
  const boxes = [...pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [Math.round(Number(m[1])), Math.round(Number(m[2]))]);
  expect(boxes.length).toBeGreaterThan(0);
  // A4 landscape: 842 × 595 points, every page.
  for (const box of boxes) expect(box).toEqual([842, 595]);
});
