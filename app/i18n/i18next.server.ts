import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, i18nConfig } from "./config";

// The language menu's choice wins; otherwise the browser's language (decision 0003), else German.
export const localeCookie = createCookie("sh_lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: localeCookie,
    order: ["cookie", "header"],
  },
  i18next: i18nConfig,
});

export async function getT(request: Request) {
  return i18next.getFixedT(request, "common");
}
