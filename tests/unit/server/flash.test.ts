import { describe, expect, it } from "vitest";
import { FLASH_KINDS, flashSchema } from "~/server/flash.server";
import { flashColour } from "~/ui/flash";

describe("flashColour", () => {
  it("maps error → red, success → green, info → blue, default → gray", () => {
    expect(flashColour("error")).toBe("red");
    expect(flashColour("success")).toBe("green");
    expect(flashColour("info")).toBe("blue");
    expect(flashColour("default")).toBe("gray");
  });

  it("falls back to gray for an unexpected kind", () => {
    expect(flashColour("warning" as never)).toBe("gray");
  });
});

describe("flashSchema", () => {
  it("accepts every known kind with an optional values record", () => {
    for (const kind of FLASH_KINDS) {
      expect(flashSchema.safeParse({ id: "1", kind, message: "auth.passwordChanged" }).success).toBe(true);
    }
    expect(flashSchema.parse({ id: "2", kind: "info", message: "m", values: { name: "Ada", n: 3 } })).toEqual({
      id: "2",
      kind: "info",
      message: "m",
      values: { name: "Ada", n: 3 },
    });
  });

  it("rejects unknown kinds", () => {
    for (const kind of ["warning", "ERROR", "", null, 1]) {
      expect(flashSchema.safeParse({ id: "1", kind, message: "m" }).success).toBe(false);
    }
  });

  it("rejects a flash without id or message, or with non-scalar values", () => {
    expect(flashSchema.safeParse({ kind: "info", message: "m" }).success).toBe(false);
    expect(flashSchema.safeParse({ id: "1", kind: "info" }).success).toBe(false);
    expect(flashSchema.safeParse({ id: "1", kind: "info", message: "m", values: { a: true } }).success).toBe(false);
    expect(flashSchema.safeParse({ id: "1", kind: "info", message: "m", values: { a: { b: 1 } } }).success).toBe(false);
  });
});
