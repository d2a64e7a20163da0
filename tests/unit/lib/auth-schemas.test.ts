import { describe, expect, it } from "vitest";
import { fieldErrorsFrom } from "~/ui/forms";
import {
  ChangePasswordSchema,
  LoginSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ResetPasswordSchema,
  ResetRequestSchema,
} from "~/modules/access/schemas";

function errorsOf(result: { success: boolean; error?: unknown }) {
  expect(result.success).toBe(false);
  return fieldErrorsFrom(result.error as Parameters<typeof fieldErrorsFrom>[0]);
}

describe("LoginSchema", () => {
  it("trims and lower-cases the e-mail", () => {
    const result = LoginSchema.safeParse({ email: "  Alice.Smith@Example.COM ", password: "pw" });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ email: "alice.smith@example.com", password: "pw" });
  });

  it.each([["not-an-email"], ["a@"], ["@example.com"], [""], ["   "]])("rejects the e-mail %j with auth.emailInvalid", (email) => {
    expect(errorsOf(LoginSchema.safeParse({ email, password: "pw" }))).toEqual({ email: "auth.emailInvalid" });
  });

  it("requires a password", () => {
    expect(errorsOf(LoginSchema.safeParse({ email: "a@example.com", password: "" }))).toEqual({ password: "auth.passwordRequired" });
    expect(errorsOf(LoginSchema.safeParse({ email: "a@example.com" }))).toEqual({ password: "auth.passwordRequired" });
  });

  it("does not trim the password", () => {
    expect(LoginSchema.parse({ email: "a@example.com", password: " pw " }).password).toBe(" pw ");
  });

  it("keeps an optional redirectTo", () => {
    expect(LoginSchema.parse({ email: "a@example.com", password: "pw", redirectTo: "/views" }).redirectTo).toBe("/views");
  });
});

describe("ResetRequestSchema", () => {
  it("normalises and validates the e-mail", () => {
    expect(ResetRequestSchema.parse({ email: " Bob@Example.com" })).toEqual({ email: "bob@example.com" });
    expect(errorsOf(ResetRequestSchema.safeParse({ email: "bob" }))).toEqual({ email: "auth.emailInvalid" });
  });
});

describe("ChangePasswordSchema", () => {
  const valid = { old_password: "old-pass", new_password: "new-pass-1", new_password_confirmation: "new-pass-1" };

  it("accepts matching new passwords", () => {
    expect(ChangePasswordSchema.safeParse(valid).success).toBe(true);
  });

  it("reports a mismatch on new_password_confirmation", () => {
    expect(errorsOf(ChangePasswordSchema.safeParse({ ...valid, new_password_confirmation: "new-pass-2" }))).toEqual({
      new_password_confirmation: "auth.passwordMismatch",
    });
  });

  it("rejects a too short new password with the minimum as a value", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(errorsOf(ChangePasswordSchema.safeParse({ ...valid, new_password: "short7!", new_password_confirmation: "short7!" }))).toEqual({
      new_password: "auth.passwordTooShort|min=8",
    });
    const eight = "12345678";
    expect(ChangePasswordSchema.safeParse({ ...valid, new_password: eight, new_password_confirmation: eight }).success).toBe(true);
  });

  it("rejects a new password longer than 72 characters with the maximum as a value", () => {
    expect(PASSWORD_MAX_LENGTH).toBe(72);
    const max = "a".repeat(72);
    const tooLong = "a".repeat(73);
    expect(ChangePasswordSchema.safeParse({ ...valid, new_password: max, new_password_confirmation: max }).success).toBe(true);
    expect(errorsOf(ChangePasswordSchema.safeParse({ ...valid, new_password: tooLong, new_password_confirmation: tooLong }))).toEqual({
      new_password: "auth.passwordTooLong|max=72",
    });
  });

  it("requires the old password", () => {
    expect(errorsOf(ChangePasswordSchema.safeParse({ ...valid, old_password: "" }))).toEqual({ old_password: "auth.passwordRequired" });
  });
});

describe("ResetPasswordSchema", () => {
  it("accepts matching passwords", () => {
    expect(ResetPasswordSchema.parse({ password: "long-enough", confirmation: "long-enough" })).toEqual({
      password: "long-enough",
      confirmation: "long-enough",
    });
  });

  it("reports a mismatch on confirmation", () => {
    expect(errorsOf(ResetPasswordSchema.safeParse({ password: "long-enough", confirmation: "long-enougH" }))).toEqual({
      confirmation: "auth.passwordMismatch",
    });
  });

  it("rejects a too short password with min=8", () => {
    expect(errorsOf(ResetPasswordSchema.safeParse({ password: "1234567", confirmation: "1234567" }))).toEqual({
      password: "auth.passwordTooShort|min=8",
    });
  });

  it("rejects a too long password with max=72", () => {
    const tooLong = "b".repeat(73);
    expect(errorsOf(ResetPasswordSchema.safeParse({ password: tooLong, confirmation: tooLong }))).toEqual({
      password: "auth.passwordTooLong|max=72",
    });
  });

  it("rejects a password whose UTF-8 form exceeds bcrypt's 72 bytes (it would be silently cut)", () => {
    // 36 × "ä" is 72 bytes; anything after it would be ignored by bcrypt, so
    // "ä…äabc" and "ä…äxyz" would be the same password. 39 characters, 75 bytes.
    const password = `${"ä".repeat(36)}abc`;
    expect(password.length).toBeLessThanOrEqual(PASSWORD_MAX_LENGTH);
    expect(new TextEncoder().encode(password).length).toBeGreaterThan(72);
    expect(ResetPasswordSchema.safeParse({ password, confirmation: password }).success).toBe(false);
    expect(ChangePasswordSchema.safeParse({ old_password: "x", new_password: password, new_password_confirmation: password }).success).toBe(false);
  });
});
