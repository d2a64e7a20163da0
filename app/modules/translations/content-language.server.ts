import { contentLanguageCookie, serializeCookie } from "~/server/cookies.server";
import { isContentLanguage } from "./translations";

/**
 * The content language a reader asked for (issue 37 §4), apart from the interface language:
 * `?lang=` on the page, else the one they chose last (a cookie the content-language switch sets),
 * else none (then the interface language decides, see `shownLanguage`).
 */
export async function askedContentLanguage(request: Request): Promise<string | null> {
  const asked = new URL(request.url).searchParams.get("lang");
  if (isContentLanguage(asked)) return asked;
  const remembered: unknown = await contentLanguageCookie.parse(request.headers.get("Cookie"));
  return isContentLanguage(remembered) ? remembered : null;
}

/** The Set-Cookie that remembers `?lang=` as the reader's choice; null when there is none or it is already remembered. */
export async function rememberContentLanguage(request: Request): Promise<string | null> {
  const asked = new URL(request.url).searchParams.get("lang");
  if (!isContentLanguage(asked)) return null;
  const remembered: unknown = await contentLanguageCookie.parse(request.headers.get("Cookie"));
  return remembered === asked ? null : serializeCookie(contentLanguageCookie, request, asked);
}
