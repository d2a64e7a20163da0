import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { NOT_SCREENS, PUBLIC_SCREENS, signedInScreens } from "../../support/screens";

/**
 * Every page route (a route file with a component) is either in the screen list that the axe and
 * keyboard checks walk (tests/support/screens.ts) or excluded there with a reason. A new page
 * without an entry fails here.
 */
const ROUTES = join(process.cwd(), "app/routes");

/** The URL pattern of a Remix flat-route file name, e.g. `_app.views.$id.edit.tsx` → `^/views/[^/]+/edit$`. */
export function routePattern(file: string) {
  const name = file.replace(/\.tsx?$/, "");
  const segments = name.split(/\.(?![^[]*\])/);
  const parts: string[] = [];
  for (const raw of segments) {
    if (raw.startsWith("_")) continue; // pathless layout or _index
    const segment = raw.replace(/_$/, "").replace(/\[(.*?)\]/g, "$1");
    if (segment === "$") parts.push(".*");
    else if (segment.startsWith("$")) parts.push("[^/]+");
    else parts.push(segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  }
  return new RegExp(`^/${parts.join("/")}$`);
}

function pageRoutes() {
  return readdirSync(ROUTES)
    .filter((f) => /\.tsx?$/.test(f))
    .filter((f) => /export default/.test(readFileSync(join(ROUTES, f), "utf8")));
}

const IDS = { service: 1, area: 2, category: 3, owner: 4, user: 5, activity: 6, attribute: 7, catalogue: 8, staticSection: 9, staticParagraph: 10, view: 11, tag: 12, mask: 13, message: 14, patchNote: 15, trashed: 16, release: 17, releasedService: 18, withdrawnRelease: 19, translated: 20, translatedCategory: 21 };
const SCREENS = [...PUBLIC_SCREENS, ...signedInScreens(IDS)].map((url) => url.split("?")[0]);

describe("the screen list", () => {
  it("names every page route, or excludes it with a reason", () => {
    const missing = pageRoutes().filter((file) => !(file in NOT_SCREENS) && !SCREENS.some((url) => routePattern(file).test(url)));
    expect(missing).toEqual([]);
  });

  it("excludes only page routes that exist, each with a reason", () => {
    const pages = new Set(pageRoutes());
    for (const [file, reason] of Object.entries(NOT_SCREENS)) {
      expect(pages.has(file), file).toBe(true);
      expect(reason.length, file).toBeGreaterThan(10);
    }
  });

  it("maps flat-route file names to URLs", () => {
    expect(routePattern("_app.admin.usermanagement_.user.$id.grant-all.tsx").test("/admin/usermanagement/user/5/grant-all")).toBe(true);
    expect(routePattern("_app.servicecatalog._browser.save-view.tsx").test("/servicecatalog/save-view")).toBe(true);
    expect(routePattern("_app.$.tsx").test("/no/such/page")).toBe(true);
    expect(routePattern("_app.tools.tsx").test("/tools/x")).toBe(false);
  });
});
