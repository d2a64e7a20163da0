import { addSessionCookie, expect, gotoReady, SERVER_CHECK, test, unique } from "../support/fixtures";
import { PNG } from "../support/helpers";
import { startSecondInstance, type SecondInstance } from "../support/second-instance";
import type { Role } from "~/modules/access/roles";
import type { BrowserContext, Page } from "@playwright/test";

/**
 * Logo, app bar, login-form look and the service-area switch (issue 15 §4–§6). They are global
 * settings, and other specs assert on the top bar and on the catalogue's area level of the shared
 * instance: these tests change them on a ServiceHub of their own, one test at a time, and put
 * every setting back in a `finally`.
 */
// A second server and uploads: more room than the default 30 s.
test.describe.configure({ mode: "serial", timeout: 60_000 });

let fresh: SecondInstance;
test.beforeAll(async () => {
  fresh = await startSecondInstance("appearance");
});
test.afterAll(async () => {
  await fresh?.stop();
});

async function signIn(context: BrowserContext, role: Role = "superadmin") {
  const user = await fresh.make.user(role);
  await addSessionCookie(fresh.db, context, fresh.baseURL, user.id);
  return user;
}

const url = (path: string) => `${fresh.baseURL}${path}`;
const resetSetting = (key: string) => fresh.db.deleteFrom("settings").where("key", "=", key).execute();
const GIF = Buffer.from("GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;", "latin1");

async function uploadLogo(page: Page, file: { name: string; mimeType: string; buffer: Buffer } | null) {
  if (file) await page.getByTestId("logo-file").setInputFiles(file);
  await page.getByTestId("logo-upload").click();
}

test("a dark app-bar colour turns the top bar dark with white text", async ({ page, context, javaScriptEnabled }) => {
  await signIn(context);
  try {
    await gotoReady(page, url("/admin/logo"), javaScriptEnabled);
    const bar = page.getByTestId("top-bar");
    await expect(bar).toHaveCSS("color", "rgb(0, 0, 0)");
    // With JS the browser's colour picker beside the field sets it; without, the field is typed.
    if (javaScriptEnabled) await page.getByLabel("Farbe wählen: Farbe 1", { exact: true }).fill("#1a237e");
    else await page.getByRole("textbox", { name: "Farbe 1", exact: true }).fill("#1a237e");
    await expect(page.getByRole("textbox", { name: "Farbe 1", exact: true })).toHaveValue("#1a237e");
    await page.getByRole("textbox", { name: "Farbe 2", exact: true }).fill("#004d40");
    if (javaScriptEnabled) {
      // The preview follows at once; the save comes after a 500 ms pause, then the shell reloads its look.
      await expect(page.getByTestId("app-bar-preview")).toHaveCSS("color", "rgb(255, 255, 255)");
      await expect(page.getByTestId("app-bar-contrast")).toHaveAttribute("data-ok", "true");
      await expect(page.getByTestId("autosave-appBar")).toHaveText("Gespeichert");
    } else {
      await page.getByTestId("save-appBar").click();
      await expect(page.getByTestId("toast")).toContainText("Die Einstellungen der App-Bar wurden gespeichert.");
    }
    await expect(bar).toHaveCSS("color", "rgb(255, 255, 255)");
    await expect(bar).toHaveCSS("background-image", "linear-gradient(135deg, rgb(26, 35, 126), rgb(0, 77, 64))");
    // Stored and audited (old → new).
    const row = await fresh.db.selectFrom("settings").select("value").where("key", "=", "app_bar").executeTakeFirstOrThrow();
    expect(JSON.parse(row.value)).toMatchObject({ appBarColor1: "#1a237e", appBarColor2: "#004d40", appBarGradientDegree: 135 });
    const activity = await fresh.db.selectFrom("activities").select("new_values").where("subject_id", "=", "app_bar").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(JSON.parse(activity.new_values!).value.appBarColor2).toBe("#004d40");
    // Every page of the shell shows it.
    await gotoReady(page, url("/dashboard"), javaScriptEnabled);
    await expect(bar).toHaveCSS("color", "rgb(255, 255, 255)");
  } finally {
    await resetSetting("app_bar");
  }
});

test("an out-of-range opacity is refused beside the field with the spec's error", async ({ page, context, javaScriptEnabled }) => {
  await signIn(context);
  try {
    await gotoReady(page, url("/admin/logo"), javaScriptEnabled);
    await page.getByRole("spinbutton", { name: "Deckkraft 1" }).first().fill("1.5");
    if (!javaScriptEnabled) await page.getByTestId("save-appBar").click();
    await expect(page.getByText("Die Deckkraft muss zwischen 0 und 1 liegen.")).toBeVisible();
    await expect(page.getByTestId("toast")).toContainText("Fehler beim Aktualisieren der App-Bar-Einstellungen");
    expect(await fresh.db.selectFrom("settings").select("key").where("key", "=", "app_bar").execute()).toEqual([]);
  } finally {
    await resetSetting("app_bar");
  }
});

test("a PNG logo shows in the top bar and on the login page; GIF, a text file named .png and no file are refused", async ({ page, context, browser, javaScriptEnabled }) => {
  await signIn(context);
  try {
    await gotoReady(page, url("/admin/logo"), javaScriptEnabled);
    await expect(page.getByTestId("no-logo")).toBeVisible();

    await uploadLogo(page, null);
    await expect(page.getByText("Es muss eine Datei ausgewählt werden.")).toBeVisible();
    await expect(page.getByTestId("toast")).toContainText("Fehler beim Aktualisieren des Logos");

    await uploadLogo(page, { name: "logo.gif", mimeType: "image/gif", buffer: GIF });
    await expect(page.getByText("Nur Bilder im Format JPG, JPEG oder PNG sind erlaubt.")).toBeVisible();
    await uploadLogo(page, { name: "logo.png", mimeType: "image/png", buffer: Buffer.from("just some text, not a picture\n") });
    await expect(page.getByText("Nur Bilder im Format JPG, JPEG oder PNG sind erlaubt.")).toBeVisible();
    expect(await fresh.db.selectFrom("settings").select("key").where("key", "=", "logo").execute()).toEqual([]);

    await uploadLogo(page, { name: "logo.png", mimeType: "image/png", buffer: PNG });
    await expect(page.getByTestId("toast")).toContainText("Das Logo wurde gespeichert.");
    const logo = page.getByTestId("top-bar").getByRole("img", { name: "Logo der Organisation" });
    await expect(logo).toBeVisible();
    const src = await logo.getAttribute("src");
    expect(src).toMatch(/^\/logo\?v=/);
    const served = await page.request.get(url(src!));
    expect(served.headers()["content-type"]).toBe("image/png");
    expect(served.headers()["cache-control"]).toContain("immutable");
    expect(Buffer.from(await served.body()).equals(PNG)).toBe(true);

    // Signed out, the login page shows it too.
    const guest = await browser.newContext({ javaScriptEnabled, locale: "de-DE" });
    try {
      const login = await guest.newPage();
      await login.goto(url("/login"));
      await expect(login.getByRole("img", { name: "Logo der Organisation" })).toHaveAttribute("src", src!);
      await expect(login.getByRole("heading", { level: 1 })).toBeVisible();
    } finally {
      await guest.close();
    }

    await page.getByTestId("logo-remove").click();
    await expect(page.getByTestId("toast")).toContainText("Das Logo wurde entfernt.");
    await expect(page.getByTestId("top-bar-logo")).toHaveCount(0);
    expect((await page.request.get(url("/logo"))).status()).toBe(404);
  } finally {
    await resetSetting("logo");
  }
});

test("the login page takes its background from the login-form settings", async ({ page, context, browser, javaScriptEnabled }) => {
  await signIn(context);
  try {
    await gotoReady(page, url("/admin/logo"), javaScriptEnabled);
    await page.getByRole("textbox", { name: "Verlaufsfarbe 1", exact: true }).fill("#336699");
    await page.getByRole("textbox", { name: "Verlaufsfarbe 2", exact: true }).fill("#fff");
    await page.getByRole("radio", { name: "Radial" }).check();
    if (javaScriptEnabled) {
      await expect(page.getByTestId("login-form-preview")).toHaveCSS("background-image", "radial-gradient(circle, rgb(51, 102, 153), rgb(255, 255, 255))");
      await expect(page.getByTestId("autosave-loginForm")).toHaveText("Gespeichert");
    } else {
      await page.getByTestId("save-loginForm").click();
      await expect(page.getByTestId("toast")).toContainText("Die Einstellungen der Anmeldeseite wurden gespeichert.");
    }
    const guest = await browser.newContext({ javaScriptEnabled, locale: "de-DE" });
    try {
      const login = await guest.newPage();
      await login.goto(url("/login"));
      await expect(login.getByTestId("auth-background")).toHaveCSS("background-image", "radial-gradient(circle, rgb(51, 102, 153), rgb(255, 255, 255))");
    } finally {
      await guest.close();
    }
  } finally {
    await resetSetting("login_form");
  }
});

test("switching the service areas off and on hides and shows the catalogue's area level", async ({ page, context, javaScriptEnabled }) => {
  const admin = await signIn(context);
  const catalogue = await fresh.make.catalogue({ title: unique("Flächenkatalog") });
  const areaName = unique("Bereich");
  const area = await fresh.make.area(catalogue, { name: areaName });
  const category = await fresh.make.category(catalogue, { service_area_id: area, name: unique("Kategorie") });
  await fresh.make.service(catalogue, category, { name: unique("Service") });
  await fresh.make.useCatalogue(admin.id, catalogue);
  try {
    await gotoReady(page, url("/servicecatalog"), javaScriptEnabled);
    await expect(page.getByTestId("areas-panel").getByRole("link", { name: areaName })).toBeVisible();

    await gotoReady(page, url("/admin/servicearea"), javaScriptEnabled);
    const dialog = page.getByRole("dialog", { name: "Servicebereiche" });
    await dialog.getByRole("radio", { name: "Inaktiv" }).check();
    await dialog.getByRole("button", { name: "Übernehmen" }).click();
    await expect(page.getByTestId("toast")).toContainText("Die Servicebereiche sind jetzt inaktiv.");
    expect((await fresh.db.selectFrom("service_area_config").select("active").where("id", "=", 1).executeTakeFirstOrThrow()).active).toBe(0);
    const activity = await fresh.db.selectFrom("activities").selectAll().where("subject_type", "=", "service_area_config").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect([JSON.parse(activity.old_values!), JSON.parse(activity.new_values!), activity.causer_id]).toEqual([{ active: true }, { active: false }, admin.id]);

    await gotoReady(page, url("/servicecatalog"), javaScriptEnabled);
    await expect(page.getByTestId("categories-panel")).toBeVisible();
    await expect(page.getByTestId("areas-panel")).toHaveCount(0);

    await gotoReady(page, url("/admin/servicearea"), javaScriptEnabled);
    await dialog.getByRole("radio", { name: "Aktiv", exact: true }).check();
    await dialog.getByRole("button", { name: "Übernehmen" }).click();
    await expect(page.getByTestId("toast")).toContainText("Die Servicebereiche sind jetzt aktiv.");
    await gotoReady(page, url("/servicecatalog"), javaScriptEnabled);
    await expect(page.getByTestId("areas-panel").getByRole("link", { name: areaName })).toBeVisible();
  } finally {
    await fresh.db.updateTable("service_area_config").set({ active: 1 }).where("id", "=", 1).execute();
  }
});

for (const role of ["keyuser", "admin"] as const) {
  test(`a ${role} is sent to /unauthorized, and every POST answers 403 and changes nothing`, SERVER_CHECK, async ({ page, context }) => {
    await signIn(context, role);
    for (const path of ["/admin/logo", "/admin/servicearea"]) {
      await page.goto(url(path));
      await expect(page).toHaveURL(url("/unauthorized"));
    }
    const activities = async () => (await fresh.db.selectFrom("activities").select("id").execute()).length;
    const before = await activities();
    const post = (path: string, options: Parameters<Page["request"]["post"]>[1]) => page.request.post(url(path), { maxRedirects: 0, ...options });
    const appBar = { intent: "appBar", appBarColor1: "#000", appBarColor2: "#000", appBarGradientDegree: "0", appBarOpacity1: "1", appBarOpacity2: "1" };
    const loginForm = { intent: "loginForm", leftPartBgColor: "#000", gradientType: "linear", gradientColor1: "#000", gradientColor2: "#000", gradientDegree: "0", gradientOpacity1: "1", gradientOpacity2: "1" };
    expect((await post("/admin/logo", { form: appBar })).status()).toBe(403);
    expect((await post("/admin/logo", { form: { ...appBar, autosave: "1" } })).status()).toBe(403);
    expect((await post("/admin/logo", { form: loginForm })).status()).toBe(403);
    expect((await post("/admin/logo", { form: { intent: "removeLogo" } })).status()).toBe(403);
    expect((await post("/admin/logo", { multipart: { logo: { name: "logo.png", mimeType: "image/png", buffer: PNG } } })).status()).toBe(403);
    expect((await post("/admin/servicearea", { form: { active: "false" } })).status()).toBe(403);
    expect(await fresh.db.selectFrom("settings").select("key").where("key", "in", ["app_bar", "login_form", "logo"]).execute()).toEqual([]);
    expect((await fresh.db.selectFrom("service_area_config").select("active").where("id", "=", 1).executeTakeFirstOrThrow()).active).toBe(1);
    expect(await activities()).toBe(before);
  });
}
