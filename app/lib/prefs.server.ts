import { prefsCookie, serializeCookie } from "~/auth/cookies.server";
import { parseSidebarPrefs, type SidebarPrefs } from "./prefs";

export async function readSidebarPrefs(request: Request): Promise<SidebarPrefs> {
  return parseSidebarPrefs(await prefsCookie.parse(request.headers.get("Cookie")));
}

export function writeSidebarPrefs(request: Request, prefs: SidebarPrefs): Promise<string> {
  return serializeCookie(prefsCookie, request, prefs);
}
