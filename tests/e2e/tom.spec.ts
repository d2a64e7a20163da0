import PDFDocument from "pdfkit";
import { extractText, getDocumentProxy } from "unpdf";
import { TOM_KEYS } from "~/modules/tom/tom.server";
import type { DB } from "~/server/db/db.server";
import { expect, gotoReady, SERVER_CHECK, test } from "../support/fixtures";
import { hex, toast, withLock } from "../support/helpers";

/**
 * The T.O.M. settings entry (issue 16 §5): the provider's measures as a PDF for every role, served
 * at /tom.pdf; superadmins replace it by an upload or restore the generated one. The document is
 * one global setting: tests that change it or compare it hold a lock (both JS projects run at
 * once) and remove the rows afterwards, so everyone else sees the generated PDF again.
 */

const TITLE = "Technische und organisatorische Maßnahmen";

async function pdfPages(bytes: Buffer): Promise<string[]> {
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  return (await extractText(doc, { mergePages: false })).text.map((text) => text.replace(/\s+/g, " "));
}

/** A small real PDF with a marker on its one page (ASCII: pdfkit's built-in font is enough for it). */
function makePdf(marker: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4" });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.fontSize(18).text(`Eigene TOM ${marker}`);
    doc.end();
  });
}

async function storedMeta(db: DB) {
  const row = await db.selectFrom("settings").select(["value", "updated_at"]).where("key", "=", TOM_KEYS.meta).executeTakeFirst();
  return row ? { ...(JSON.parse(row.value) as { source: string; sha256: string; bytes: number }), updatedAt: row.updated_at } : null;
}

/** Back to the generated document: the next request makes it again. */
const reset = (db: DB) => db.deleteFrom("settings").where("key", "in", [TOM_KEYS.meta, TOM_KEYS.pdf]).execute();

test("every role, a client too, sees the T.O.M. entry: the PDF viewer, full screen and a download link", async ({ page, login, javaScriptEnabled }) => {
  await login("client");
  const framed = page.waitForResponse((r) => new URL(r.url()).pathname === "/tom.pdf" && r.request().resourceType() === "document");
  await gotoReady(page, "/settings/tom", javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 2, name: "T.O.M." })).toBeVisible();
  const viewer = page.getByTitle("T.O.M. – Technische und organisatorische Maßnahmen (PDF)");
  await expect(viewer).toBeVisible();
  await expect(viewer).toHaveAttribute("src", /^\/tom\.pdf\?v=[0-9a-f]{12}$/);
  // The frame's answer is the PDF itself, allowed into a frame of this origin (no other answer is).
  const answer = await framed;
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("application/pdf");
  expect(answer.headers()["x-frame-options"]).toBe("SAMEORIGIN");
  expect(answer.headers()["content-security-policy"]).toContain("frame-ancestors 'self'");
  const box = await viewer.boundingBox();
  expect(box!.height).toBeGreaterThan(380);

  const download = page.getByRole("link", { name: "PDF herunterladen" });
  await expect(download).toHaveAttribute("href", /^\/tom\.pdf\?v=[0-9a-f]{12}&download=1$/);
  await expect(page.getByTestId("tom-fallback-link")).toHaveAttribute("href", /download=1$/);
  const full = page.getByRole("link", { name: "Im Vollbild öffnen" });
  await expect(full).toHaveAttribute("target", "_blank");
  if (javaScriptEnabled) {
    await full.click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.tagName ?? null)).toBe("IFRAME");
  }
  // Replacing the document is for superadmins: no upload form here.
  await expect(page.getByTestId("tom-replace")).toHaveCount(0);
  await expect(page.getByLabel("PDF-Datei")).toHaveCount(0);
});

test("GET /tom.pdf answers the generated PDF with its type, file name and private caching; signed out it asks to sign in", SERVER_CHECK, async ({ page, db, login, playwright, baseURL }) => {
  await login("user");
  await withLock("tom", async () => {
    await reset(db);
    const inline = await page.request.get("/tom.pdf");
    expect(inline.status()).toBe(200);
    const headers = inline.headers();
    expect(headers["content-type"]).toBe("application/pdf");
    expect(headers["content-disposition"]).toBe('inline; filename="TOM.pdf"');
    expect(headers["cache-control"]).toContain("private");
    const bytes = Buffer.from(await inline.body());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const pages = await pdfPages(bytes);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).toContain(TITLE);
    expect(pages[0]).toContain(`Seite 1 von ${pages.length}`);
    // Made once, then kept in the database for every app server.
    expect(await storedMeta(db)).toMatchObject({ source: "generated", bytes: bytes.length });

    const attachment = await page.request.get("/tom.pdf?download=1");
    expect(attachment.headers()["content-disposition"]).toBe('attachment; filename="TOM.pdf"');
    expect(Buffer.from(await attachment.body()).equals(bytes)).toBe(true);
    const again = await page.request.get("/tom.pdf", { headers: { "If-None-Match": headers.etag } });
    expect(again.status()).toBe(304);
  });

  const guest = await playwright.request.newContext({ baseURL });
  try {
    const answer = await guest.get("/tom.pdf", { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toMatch(/^\/login\?redirectTo=%2Ftom\.pdf/);
  } finally {
    await guest.dispose();
  }
});

test("a superadmin replaces the PDF by an upload (only a real PDF) and restores the generated one", async ({ page, db, login, javaScriptEnabled }) => {
  test.setTimeout(60_000);
  await login("superadmin");
  await withLock("tom", async () => {
    try {
      await reset(db);
      await gotoReady(page, "/settings/tom", javaScriptEnabled);
      await expect(page.getByTestId("tom-source")).toHaveAttribute("data-source", "generated");
      const generated = await storedMeta(db);
      const file = page.getByLabel("PDF-Datei");
      const upload = page.getByRole("button", { name: "Hochladen" });

      await upload.click();
      await expect(page.getByText("Es muss eine PDF-Datei ausgewählt werden.")).toBeVisible();
      await expect(file).toHaveAttribute("aria-invalid", "true");

      // A text file named .pdf and claimed as a PDF is refused by its content, beside the field.
      await file.setInputFiles({ name: "massnahmen.pdf", mimeType: "application/pdf", buffer: Buffer.from("Das ist kein PDF, nur Text.\n") });
      await upload.click();
      await expect(page.getByText("Nur PDF-Dateien sind erlaubt.")).toBeVisible();
      await expect(toast(page)).toContainText("Fehler beim Hochladen des T.O.M.-Dokuments");
      expect(await storedMeta(db)).toEqual(generated);

      // Too large: refused with a 400 and the field's message, never a 500.
      const huge = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
      huge.write("%PDF-1.4\n", 0, "latin1");
      const tooLarge = await page.request.post("/settings/tom", { multipart: { file: { name: "gross.pdf", mimeType: "application/pdf", buffer: huge } }, maxRedirects: 0 });
      expect(tooLarge.status()).toBe(400);
      expect(await tooLarge.text()).toContain("Die Datei ist zu groß (höchstens 10 MB).");
      expect(await storedMeta(db)).toEqual(generated);

      const marker = hex();
      const own = await makePdf(marker);
      await file.setInputFiles({ name: "TOM 2026.pdf", mimeType: "application/pdf", buffer: own });
      await upload.click();
      await expect(toast(page)).toContainText("Das T.O.M.-Dokument wurde ersetzt.");
      await expect(page.getByTestId("tom-source")).toHaveAttribute("data-source", "uploaded");
      const served = Buffer.from(await (await page.request.get("/tom.pdf")).body());
      expect(served.equals(own)).toBe(true);
      expect((await pdfPages(served))[0]).toContain(`Eigene TOM ${marker}`);
      const src = await page.getByTitle(/PDF\)$/).getAttribute("src");
      expect(src).toContain(`v=${(await storedMeta(db))!.sha256.slice(0, 12)}`);
      // Audited with size and hash, never the file.
      const activity = await db.selectFrom("activities").select(["event", "causer_name", "new_values"]).where("subject_id", "=", TOM_KEYS.meta).orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(activity.event).toBe("updated");
      expect(JSON.parse(activity.new_values!).value).toMatchObject({ source: "uploaded", bytes: own.length, filename: "TOM 2026.pdf" });
      expect(activity.new_values!.length).toBeLessThan(400);

      await page.getByRole("button", { name: "Erzeugtes Dokument wiederherstellen" }).click();
      await expect(toast(page)).toContainText("Das erzeugte T.O.M.-Dokument wurde wiederhergestellt.");
      await expect(page.getByTestId("tom-source")).toHaveAttribute("data-source", "generated");
      await expect(page.getByRole("button", { name: "Erzeugtes Dokument wiederherstellen" })).toHaveCount(0);
      const back = await pdfPages(Buffer.from(await (await page.request.get("/tom.pdf")).body()));
      expect(back[0]).toContain(TITLE);
    } finally {
      await reset(db);
    }
  });
});

test("a keysuperuser or client cannot replace or restore the document: 403, nothing changes", async ({ page, db, login, javaScriptEnabled }) => {
  await login("keysuperuser");
  await gotoReady(page, "/settings/tom", javaScriptEnabled);
  await expect(page.getByTitle(/PDF\)$/)).toBeVisible();
  await expect(page.getByTestId("tom-replace")).toHaveCount(0);
  await withLock("tom", async () => {
    await page.request.get("/tom.pdf");
    const before = await storedMeta(db);
    const pdf = await makePdf(hex());
    const post = await page.request.post("/settings/tom", { multipart: { file: { name: "tom.pdf", mimeType: "application/pdf", buffer: pdf } }, maxRedirects: 0 });
    expect(post.status()).toBe(403);
    const restore = await page.request.post("/settings/tom", { form: { intent: "restore" }, maxRedirects: 0 });
    expect(restore.status()).toBe(403);
    await login("client");
    const asClient = await page.request.post("/settings/tom", { multipart: { file: { name: "tom.pdf", mimeType: "application/pdf", buffer: pdf } }, maxRedirects: 0 });
    expect(asClient.status()).toBe(403);
    expect(await storedMeta(db)).toEqual(before);
  });
});
