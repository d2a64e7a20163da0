import crypto from "node:crypto";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/modules/access/policy.server";
import { getDb } from "~/server/db/db.server";
import { ValidationError } from "~/server/errors.server";
import { redirectWithFlash } from "~/server/flash.server";
import { returnPath } from "~/server/return-to.server";
import { dispatchIntent, refuse, refuseForm, validateForm } from "~/server/form.server";
import { readFormData } from "~/server/request-body.server";
import { UPLOAD_ERRORS, isMultipart, parseImageUpload } from "~/server/upload.server";
import { DEFAULT_APP_BAR } from "./app-bar";
import { DEFAULT_LOGIN_FORM, LOGO_MAX_BYTES, logoUrl } from "./appearance";
import { AppBarSchema, LoginFormSchema } from "./appearance-schema";
import {
  getAppBarSettings,
  getLoginFormSettings,
  getLogo,
  getLogoVersion,
  removeLogo,
  saveAppBarSettings,
  saveLoginFormSettings,
  saveLogo,
} from "./appearance.server";
import { refusal } from "~/server/refusal.server";

/** The page's error toasts (spec 02 §8, verbatim in English, translated in German). */
export const APPEARANCE_ERRORS = {
  updateLogo: "appearance.errors.updateLogo",
  fetchLogo: "appearance.errors.fetchLogo",
  fetchLoginForm: "appearance.errors.fetchLoginForm",
  updateLoginForm: "appearance.errors.updateLoginForm",
  fetchAppBar: "appearance.errors.fetchAppBar",
  updateAppBar: "appearance.errors.updateAppBar",
} as const;

const PAGE = "/admin/logo";

/** A read that fails leaves the defaults on the page and says so; the other parts still work. */
async function orDefault<T>(read: () => Promise<T>, fallback: T, error: string, errors: string[]): Promise<T> {
  try {
    return await read();
  } catch (cause) {
    console.error(cause);
    errors.push(error);
    return fallback;
  }
}

/** /admin/logo — the logo, the login form's and the app bar's look. */
export async function appearanceLoader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "access:admin");
  const db = getDb();
  const errors: string[] = [];
  const [logo, loginForm, appBar] = await Promise.all([
    orDefault(async () => {
      const stored = await getLogo(db);
      return stored && { version: stored.updatedAt, mime: stored.mime, bytes: stored.bytes };
    }, null, APPEARANCE_ERRORS.fetchLogo, errors),
    orDefault(() => getLoginFormSettings(db), { ...DEFAULT_LOGIN_FORM }, APPEARANCE_ERRORS.fetchLoginForm, errors),
    orDefault(() => getAppBarSettings(db), { ...DEFAULT_APP_BAR }, APPEARANCE_ERRORS.fetchAppBar, errors),
  ]);
  return { logo, loginForm, appBar, errors, maxBytes: LOGO_MAX_BYTES };
}

const UPLOAD_KEYS: Record<string, string> = {
  [UPLOAD_ERRORS.tooLarge]: "appearance.errors.logoTooLarge",
  [UPLOAD_ERRORS.type]: "appearance.errors.logoType",
  [UPLOAD_ERRORS.required]: "appearance.errors.logoRequired",
  [UPLOAD_ERRORS.empty]: "appearance.errors.logoRequired",
  [UPLOAD_ERRORS.malformed]: "appearance.errors.logoMalformed",
};

async function uploadLogo(request: Request, causer: { id: number; name: string }) {
  const refused = (field: string | undefined, status = 400) =>
    refuseForm({ form: APPEARANCE_ERRORS.updateLogo, fields: { logo: field } }, status, { target: "uploadLogo" });
  const upload = await parseImageUpload(request, { field: "logo", maxBytes: LOGO_MAX_BYTES, required: true });
  if (!upload.ok) return refused(UPLOAD_KEYS[upload.errors.logo ?? ""] ?? "appearance.errors.logoMalformed");
  try {
    await saveLogo(getDb(), upload.image!.bytes, causer);
  } catch (error) {
    if (error instanceof ValidationError) return refused(error.errors.logo);
    console.error(error);
    return refused(undefined, 500);
  }
  return redirectWithFlash(request, returnPath(request, PAGE), { kind: "success", message: "appearance.logoSaved" });
}

/** Saves one settings form; the debounced save (JS) gets data back, a plain post a redirect with a toast. */
async function saveSettings(request: Request, form: FormData, intent: "appBar" | "loginForm", causer: { id: number; name: string }) {
  const failed = intent === "appBar" ? APPEARANCE_ERRORS.updateAppBar : APPEARANCE_ERRORS.updateLoginForm;
  const submission = validateForm(form, intent === "appBar" ? AppBarSchema : LoginFormSchema);
  if (submission.status !== "success") return refuse(submission, { form: failed }, 400, { target: intent });
  const values = submission.value as Record<string, unknown>;
  try {
    if (intent === "appBar") await saveAppBarSettings(getDb(), values, causer);
    else await saveLoginFormSettings(getDb(), values, causer);
  } catch (error) {
    console.error(error);
    return refuse(submission, { form: failed }, 500, { target: intent });
  }
  if (values.autosave) return data({ status: "success" as const, target: intent, savedAt: crypto.randomUUID() });
  return redirectWithFlash(request, returnPath(request, PAGE), { kind: "success", message: intent === "appBar" ? "appearance.appBarSaved" : "appearance.loginFormSaved" });
}

export async function appearanceAction({ request }: ActionFunctionArgs) {
  // The guard first: a POST without the right is a 403 before the body is read.
  const user = await requirePermission(request, "access:admin");
  const causer = { id: user.id, name: user.name };
  if (isMultipart(request)) return uploadLogo(request, causer);
  const form = await readFormData(request);
  return dispatchIntent(form.get("intent"), {
    appBar: () => saveSettings(request, form, "appBar", causer),
    loginForm: () => saveSettings(request, form, "loginForm", causer),
    removeLogo: async () => {
      try {
        await removeLogo(getDb(), causer);
      } catch (error) {
        console.error(error);
        return refuseForm({ form: APPEARANCE_ERRORS.updateLogo }, 500, { target: "removeLogo" });
      }
      return redirectWithFlash(request, returnPath(request, PAGE), { kind: "success", message: "appearance.logoRemoved" });
    },
  });
}

/**
 * /logo — the stored logo with its sniffed type, for everyone (the login page shows it). A
 * versioned URL is immutable; any other is revalidated (ETag → 304). No logo → 404.
 */
export async function logoLoader({ request }: LoaderFunctionArgs) {
  const logo = await getLogo(getDb());
  if (!logo) throw refusal(404, { headers: { "Cache-Control": "no-cache" } });
  const etag = `"${logo.sha256.slice(0, 32) || crypto.createHash("sha256").update(logo.data).digest("hex").slice(0, 32)}"`;
  const version = new URL(request.url).searchParams.get("v");
  const headers = new Headers({
    ETag: etag,
    "Cache-Control": version === logo.updatedAt ? "public, max-age=31536000, immutable" : "no-cache",
    "X-Content-Type-Options": "nosniff",
  });
  const tags = (request.headers.get("If-None-Match") ?? "").split(",").map((t) => t.trim().replace(/^W\//, ""));
  if (tags.includes(etag) || tags.includes("*")) return new Response(null, { status: 304, headers });
  const bytes = Buffer.from(logo.data, "base64");
  headers.set("Content-Type", logo.mime);
  headers.set("Content-Length", String(bytes.length));
  return new Response(new Uint8Array(bytes), { status: 200, headers });
}

/** The bare layout (login, password reset): the login form's background and the logo; never fails the page. */
export async function authLayoutLoader() {
  const db = getDb();
  const [loginForm, version] = await Promise.all([
    getLoginFormSettings(db).catch(() => ({ ...DEFAULT_LOGIN_FORM })),
    getLogoVersion(db).catch(() => null),
  ]);
  return { loginForm, logoUrl: logoUrl(version) };
}
