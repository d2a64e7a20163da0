import { describe, expect, it } from "vitest";
import { parseSidebarPrefs } from "~/server/prefs.server";

describe("parseSidebarPrefs", () => {
  it("defaults both settings to on when nothing is stored", () => {
    expect(parseSidebarPrefs(undefined)).toEqual({ showWholeDrawer: true, expandOnHover: true, subviews: { areas: true, categories: true, services: true } });
    expect(parseSidebarPrefs(null)).toEqual({ showWholeDrawer: true, expandOnHover: true, subviews: { areas: true, categories: true, services: true } });
    expect(parseSidebarPrefs({})).toEqual({ showWholeDrawer: true, expandOnHover: true, subviews: { areas: true, categories: true, services: true } });
  });

  it.each([["garbage"], [42], [true], [["a"]], [{ showWholeDrawer: "no" }], [{ expandOnHover: 0 }]])(
    "falls back to the defaults for garbage %j",
    (raw) => {
      expect(parseSidebarPrefs(raw)).toEqual({ showWholeDrawer: true, expandOnHover: true, subviews: { areas: true, categories: true, services: true } });
    },
  );

  it("keeps the given values of partial input and defaults the rest", () => {
    expect(parseSidebarPrefs({ showWholeDrawer: false })).toEqual({ showWholeDrawer: false, expandOnHover: true, subviews: { areas: true, categories: true, services: true } });
    expect(parseSidebarPrefs({ expandOnHover: false })).toEqual({ showWholeDrawer: true, expandOnHover: false, subviews: { areas: true, categories: true, services: true } });
    expect(parseSidebarPrefs({ showWholeDrawer: false, expandOnHover: false, subviews: { areas: true, categories: true, services: true } })).toEqual({ showWholeDrawer: false, expandOnHover: false, subviews: { areas: true, categories: true, services: true } });
  });

  it("drops unknown keys", () => {
    expect(parseSidebarPrefs({ showWholeDrawer: false, evil: "<script>" })).toEqual({ showWholeDrawer: false, expandOnHover: true, subviews: { areas: true, categories: true, services: true } });
  });
});
