import { prefsCookie, serializeCookie } from "~/server/cookies.server";
import { parseSidebarPrefs, type SidebarPrefs } from "~/shell/prefs";

export async function readSidebarPrefs(request: Request): Promise<SidebarPrefs> {
  return parseSidebarPrefs(await prefsCookie.parse(request.headers.get("Cookie")));
}

export function writeSidebarPrefs(request: Request, prefs: SidebarPrefs): Promise<string> {
  return serializeCookie(prefsCookie, request, prefs);
}
