import { describe, expect, it } from "vitest";
import { isClientNavigation } from "~/ui/client-links";

const click = { button: 0, modified: false, defaultPrevented: false };
const link = { href: "/servicecatalog/service/4", target: null, download: false, reload: false };

describe("isClientNavigation", () => {
  it("a plain left click on an app path or a query navigates in the client", () => {
    expect(isClientNavigation(click, link)).toBe("/servicecatalog/service/4");
    expect(isClientNavigation(click, { ...link, href: "?view=1&open=3" })).toBe("?view=1&open=3");
    expect(isClientNavigation(click, { ...link, target: "_self" })).toBe("/servicecatalog/service/4");
  });

  it("other buttons, modifier keys and handled clicks keep the browser's behaviour", () => {
    expect(isClientNavigation({ ...click, button: 1 }, link)).toBeNull();
    expect(isClientNavigation({ ...click, modified: true }, link)).toBeNull();
    expect(isClientNavigation({ ...click, defaultPrevented: true }, link)).toBeNull();
  });

  it("new tabs, downloads, forced reloads and other sites are left to the browser", () => {
    expect(isClientNavigation(click, { ...link, target: "_blank" })).toBeNull();
    expect(isClientNavigation(click, { ...link, download: true })).toBeNull();
    expect(isClientNavigation(click, { ...link, reload: true })).toBeNull();
    expect(isClientNavigation(click, { ...link, href: "https://example.com/x" })).toBeNull();
    expect(isClientNavigation(click, { ...link, href: "//example.com/x" })).toBeNull();
    expect(isClientNavigation(click, { ...link, href: "mailto:a@b.c" })).toBeNull();
    expect(isClientNavigation(click, { ...link, href: null })).toBeNull();
  });
});
