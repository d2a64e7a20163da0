import { describe, expect, it } from "vitest";
import { LUMINANCE_THRESHOLD, clampOpacity, luminance, parseHexColour, rgba, textColourOn } from "~/modules/appearance/colour";

const BLACK = { r: 0, g: 0, b: 0 };

describe("parseHexColour", () => {
  it("parses 6-digit hex with and without #", () => {
    expect(parseHexColour("#1a2b3c")).toEqual({ r: 0x1a, g: 0x2b, b: 0x3c });
    expect(parseHexColour("1A2B3C")).toEqual({ r: 0x1a, g: 0x2b, b: 0x3c });
    expect(parseHexColour("#ffffff")).toEqual({ r: 255, g: 255, b: 255 });
  });

  it("expands 3-digit hex by doubling each digit", () => {
    expect(parseHexColour("#abc")).toEqual({ r: 0xaa, g: 0xbb, b: 0xcc });
    expect(parseHexColour("F0a")).toEqual({ r: 0xff, g: 0x00, b: 0xaa });
  });

  it('accepts the words "white" and "black" (case-insensitive)', () => {
    expect(parseHexColour("white")).toEqual({ r: 255, g: 255, b: 255 });
    expect(parseHexColour(" White ")).toEqual({ r: 255, g: 255, b: 255 });
    expect(parseHexColour("BLACK")).toEqual(BLACK);
  });

  it("ignores surrounding whitespace", () => {
    expect(parseHexColour("  #00ff00 ")).toEqual({ r: 0, g: 255, b: 0 });
  });

  it.each([
    "", "#", "#f", "#ff", "#ffff", "#fffff", "#fffffff", "#ffffffff", "ggg", "#12345g",
    "##fff", "red", "rgb(255,255,255)", "# fff", "0xfff",
  ])("treats %j as black", (value) => {
    expect(parseHexColour(value)).toEqual(BLACK);
  });

  it("treats null and undefined as black", () => {
    expect(parseHexColour(null)).toEqual(BLACK);
    expect(parseHexColour(undefined)).toEqual(BLACK);
  });

  it("returns a fresh object each time (callers may mutate it)", () => {
    const a = parseHexColour("white");
    a.r = 0;
    expect(parseHexColour("white")).toEqual({ r: 255, g: 255, b: 255 });
  });
});

describe("luminance", () => {
  it("weights channels 0.299 / 0.587 / 0.114", () => {
    expect(luminance({ r: 255, g: 0, b: 0 })).toBeCloseTo(76.245);
    expect(luminance({ r: 0, g: 255, b: 0 })).toBeCloseTo(149.685);
    expect(luminance({ r: 0, g: 0, b: 255 })).toBeCloseTo(29.07);
    expect(luminance({ r: 255, g: 255, b: 255 })).toBeCloseTo(255);
    expect(luminance(BLACK)).toBe(0);
  });
});

describe("textColourOn", () => {
  it("puts white text on dark and black text on light backgrounds", () => {
    expect(textColourOn("#000000")).toBe("#ffffff");
    expect(textColourOn("#ffffff")).toBe("#000000");
    expect(textColourOn("white")).toBe("#000000");
    expect(textColourOn("#ff0000")).toBe("#ffffff"); // 76
    expect(textColourOn("#00ff00")).toBe("#000000"); // 150
    expect(textColourOn("#0000ff")).toBe("#ffffff"); // 29
  });

  it("uses threshold 125: below is dark, 125 itself is light", () => {
    expect(LUMINANCE_THRESHOLD).toBe(125);
    expect(textColourOn({ r: 125, g: 125, b: 125 })).toBe("#000000"); // exactly 125
    expect(textColourOn({ r: 124, g: 124, b: 124 })).toBe("#ffffff"); // 124
    expect(textColourOn("#7d7d7d")).toBe("#000000"); // 125
    expect(textColourOn("#7c7c7c")).toBe("#ffffff"); // 124
  });

  it("treats invalid colours as black and thus gives white text", () => {
    expect(textColourOn("#ffff")).toBe("#ffffff");
    expect(textColourOn(null)).toBe("#ffffff");
  });
});

describe("clampOpacity", () => {
  it("clamps to 0..1 and treats NaN as opaque", () => {
    expect(clampOpacity(0.5)).toBe(0.5);
    expect(clampOpacity(-1)).toBe(0);
    expect(clampOpacity(2)).toBe(1);
    expect(clampOpacity(Number.POSITIVE_INFINITY)).toBe(1);
    expect(clampOpacity(Number.NEGATIVE_INFINITY)).toBe(0);
    expect(clampOpacity(Number.NaN)).toBe(1);
  });
});

describe("rgba", () => {
  it("formats rgba(r, g, b, a)", () => {
    expect(rgba("#1a2b3c", 0.5)).toBe("rgba(26, 43, 60, 0.5)");
    expect(rgba("white", 1)).toBe("rgba(255, 255, 255, 1)");
    expect(rgba("#abc", 0)).toBe("rgba(170, 187, 204, 0)");
  });

  it("clamps the opacity", () => {
    expect(rgba("#000", 1.5)).toBe("rgba(0, 0, 0, 1)");
    expect(rgba("#000", -0.2)).toBe("rgba(0, 0, 0, 0)");
    expect(rgba("#000", Number.NaN)).toBe("rgba(0, 0, 0, 1)");
  });

  it("renders invalid colours as black", () => {
    expect(rgba("#12345", 1)).toBe("rgba(0, 0, 0, 1)");
    expect(rgba(undefined, 0.3)).toBe("rgba(0, 0, 0, 0.3)");
  });
});
