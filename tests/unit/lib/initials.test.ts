import { describe, expect, it } from "vitest";
import { firstLetter, initials } from "~/shell/initials";

describe("initials", () => {
  it.each([
    ["Sabine Admin", "SA"],
    ["sabine admin", "SA"],
    ["Amt für Umwelt und Natur von Bayern", "AFU"],
    ["Max", "M"],
    ["Anna Berta Carla Dora", "ABC"],
  ])("%j → %j", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it("skips and/und/of/von case-insensitively and they do not use up a slot", () => {
    expect(initials("Bank of England")).toBe("BE");
    expect(initials("Forschung UND Lehre VON Bayern Nord")).toBe("FLB");
    expect(initials("Tom AND Jerry Of Zürich Von Alpen")).toBe("TJZ");
  });

  it("only skips whole words, not words starting with a skipped word", () => {
    expect(initials("Undine Vondrak Often")).toBe("UVO");
  });

  it("returns an empty string for empty, whitespace-only or only skipped words", () => {
    expect(initials("")).toBe("");
    expect(initials("   \t\n ")).toBe("");
    expect(initials("und von of and")).toBe("");
    expect(initials(null)).toBe("");
    expect(initials(undefined)).toBe("");
  });

  it("collapses any whitespace between words", () => {
    expect(initials("  Sabine \t\n  Admin  ")).toBe("SA");
  });

  it("uses the first letter or digit and skips symbol-only words", () => {
    expect(initials("Amt & Natur")).toBe("AN");
    expect(initials("(Test) Gruppe")).toBe("TG");
    expect(initials("- - 3D Druck")).toBe("3D");
  });

  it("upper-cases non-ASCII letters and keeps each initial one character", () => {
    expect(initials("ärger über öl")).toBe("ÄÜÖ");
    expect(initials("ßtraße essen")).toBe("ßE");
    expect(initials("𝒜lpha beta")).toBe("𝒜B");
  });
});

describe("firstLetter", () => {
  it("returns the first letter upper-cased", () => {
    expect(firstLetter("sabine")).toBe("S");
    expect(firstLetter("Sabine Admin")).toBe("S");
    expect(firstLetter("  émile")).toBe("É");
  });

  it("skips leading symbols", () => {
    expect(firstLetter("@max")).toBe("M");
    expect(firstLetter("42 ist die Antwort")).toBe("4");
  });

  it('returns "?" when there is no letter', () => {
    expect(firstLetter("")).toBe("?");
    expect(firstLetter("   ")).toBe("?");
    expect(firstLetter("!!!")).toBe("?");
    expect(firstLetter(null)).toBe("?");
    expect(firstLetter(undefined)).toBe("?");
  });
});
