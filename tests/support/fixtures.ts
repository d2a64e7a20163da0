import fs from "node:fs";
import path from "node:path";
import { test as base, expect, type BrowserContext, type Page, type Response } from "@playwright/test";
import { sessionCookie } from "~/server/cookies.server";
import { createSession } from "~/modules/access/session.server";
import type { Role } from "~/modules/access/roles";
import { createDb, type DB } from "~/server/db/db.server";
import { factories, type Factories, type TestUser } from "../factories";
import { PAGE_READY } from "./helpers";

export { TEST_PASSWORD, unique, type TestUser } from "../factories";
export { PAGE_READY } from "./helpers";
export const DEMO_PASSWORD = "servicehub-demo";

type WorkerFixtures = { db: DB; make: Factories };
type TestFixtures = {
  /**
   * A fresh account of this role (so tests that change a password or lock an e-mail never disturb
   * each other), signed in through a real session row (faster than the form): the start of most
   * tests. An account that must not be signed in comes from `make.user`.
   */
  login: (role: Role, values?: Parameters<Factories["user"]>[1]) => Promise<TestUser>;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  db: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const db = createDb(process.env.DATABASE_URL);
      await use(db);
      await db.destroy();
    },
    { scope: "worker" },
  ],
  /** The shared row factories on the running app's database. */
  make: [async ({ db }, use) => use(factories(db)), { scope: "worker" }],
  /**
   * With JS, `page.goto` and `page.reload` (waiting for "load", their default) also wait until an
   * HTML page has hydrated, as a user waits until the page works: its scripts start after the first
   * paint (decision 0042), so "load" often comes before them. What a user can do earlier is tested
   * on purpose, with `holdScripts` and `waitUntil: "domcontentloaded"`. Ten seconds at most; a page
   * that never hydrates is then left to the test's own checks.
   */
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      const hydrated = async (response: Response | null, waitUntil = "load") => {
        if (waitUntil !== "load" || !response?.headers()["content-type"]?.includes("text/html")) return;
        await page.locator(PAGE_READY).waitFor({ state: "attached", timeout: 10_000 }).catch(() => undefined);
      };
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await hydrated(response, options?.waitUntil);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        await hydrated(response, options?.waitUntil);
        return response;
      };
    }
    await use(page);
  },
  login: async ({ make, db, context, baseURL }, use) => {
    await use(async (role, values) => {
      const user = await make.user(role, values);
      await addSessionCookie(db, context, baseURL!, user.id);
      return user;
    });
  },
});

export async function addSessionCookie(db: DB, context: BrowserContext, baseURL: string, userId: number) {
  const id = await createSession(db, userId, "playwright");
  const header = await sessionCookie.serialize(id);
  const value = header.split(";")[0].split("=").slice(1).join("=");
  await context.addCookies([{ name: "sh_session", value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

export async function loginWithForm(page: Page, email: string, password: string) {
  await page.getByLabel(/^E-Mail/).fill(email);
  await page.getByLabel(/^(Passwort|Password)/).first().fill(password);
  await page.getByRole("button", { name: /^(Anmelden|Sign in)$/ }).click();
}

/** Waits for the mail the app sent to this address through the test SMTP server. */
export async function readMail(to: string, timeoutMs = 10_000): Promise<string> {
  const file = path.join(process.env.E2E_RUN_DIR ?? "data/e2e", "mail", `${to.toLowerCase()}.eml`);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (fs.existsSync(file)) return decodeQuotedPrintable(fs.readFileSync(file, "utf8"));
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail for ${to}`);
}

/**
 * Waits for a mail to this address that contains `text` (after quoted-printable decoding) — for an
 * address several parallel tests mail to, where the latest mail may be another test's.
 */
export async function findMail(to: string, text: string, timeoutMs = 10_000): Promise<string> {
  const dir = path.join(process.env.E2E_RUN_DIR ?? "data/e2e", "mail", to.toLowerCase());
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      const mail = decodeQuotedPrintable(fs.readFileSync(path.join(dir, name), "utf8"));
      if (mail.includes(text)) return mail;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail for ${to} containing ${JSON.stringify(text)}`);
}

/** How many mails the app sent to this address during the run. */
export function mailCount(to: string): number {
  const file = path.join(process.env.E2E_RUN_DIR ?? "data/e2e", "mail", `${to.toLowerCase()}.log`);
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8").split("\n").filter(Boolean).length : 0;
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export { expect };

/**
 * Marks a test that checks what the server answers — a refusal, a redirect, a 404, a header —
 * by loading pages or sending requests, without using the page: it runs in the no-JS project
 * only (playwright.config.ts), since hydrating the answer adds a page load and tests nothing.
 */
export const SERVER_CHECK = { tag: "@server" };

/** Navigates and, with JS on, waits until React has hydrated (keyboard shortcuts are live). */
export async function gotoReady(page: Page, url: string, javaScriptEnabled: boolean) {
  await page.goto(url);
  if (javaScriptEnabled) await page.locator(PAGE_READY).waitFor({ state: "attached" });
}

/**
 * Holds the page's scripts back until `release()`: what a user can do on the server's page before
 * it comes to life (a slow line, a busy phone).
 */
export async function holdScripts(page: Page) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
