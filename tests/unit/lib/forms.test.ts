import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { errorKey, fieldErrorsFrom, translateError } from "~/ui/forms";

/** A stand-in for i18next's t: shows which key and values it was called with. */
const fakeT = ((key: string, values?: Record<string, unknown>) => `${key}:${JSON.stringify(values ?? {})}`) as unknown as TFunction;

describe("errorKey / translateError", () => {
  it("encodes values into the key", () => {
    expect(errorKey("auth.passwordTooShort", { min: 8 })).toBe("auth.passwordTooShort|min=8");
    expect(errorKey("x.y", { a: 1, b: "two" })).toBe("x.y|a=1|b=two");
    expect(errorKey("auth.emailInvalid")).toBe("auth.emailInvalid");
  });

  it("round-trips key and values through translateError", () => {
    expect(translateError(fakeT, errorKey("auth.passwordTooShort", { min: 8 }))).toBe('auth.passwordTooShort:{"min":"8"}');
    expect(translateError(fakeT, errorKey("x.y", { a: 1, b: "two" }))).toBe('x.y:{"a":"1","b":"two"}');
    // A value may itself contain "=".
    expect(translateError(fakeT, errorKey("x.eq", { expr: "a=b" }))).toBe('x.eq:{"expr":"a=b"}');
  });

  it("translates a plain key with no values", () => {
    expect(translateError(fakeT, errorKey("auth.emailInvalid"))).toBe("auth.emailInvalid:{}");
  });

  it("returns undefined when there is no error", () => {
    expect(translateError(fakeT, undefined)).toBeUndefined();
    expect(translateError(fakeT, null)).toBeUndefined();
    expect(translateError(fakeT, "")).toBeUndefined();
  });

  it("ignores malformed value pairs instead of inventing values", () => {
    expect(translateError(fakeT, "k|novalue|=x|ok=1")).toBe('k:{"ok":"1"}');
  });
});

describe("fieldErrorsFrom", () => {
  it("keeps the first issue per field and joins nested paths with dots", () => {
    const schema = z.object({
      name: z.string().min(3, { error: "first" }).regex(/^[a-z]+$/, { error: "second" }),
      address: z.object({ zip: z.string().length(5, { error: "zip.len" }) }),
    });
    const result = schema.safeParse({ name: "A1", address: { zip: "1" } });
    expect(result.success).toBe(false);
    const errors = fieldErrorsFrom(result.error!);
    expect(errors).toEqual({ name: "first", "address.zip": "zip.len" });
  });

  it("puts errors without a path under _form", () => {
    const schema = z.string().refine(() => false, { error: "whole.form" });
    const result = schema.safeParse("x");
    expect(fieldErrorsFrom(result.error!)).toEqual({ _form: "whole.form" });
  });
});
