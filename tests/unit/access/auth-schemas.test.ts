import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import {
  ChangePasswordSchema,
  LoginSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ResetPasswordSchema,
  ResetRequestSchema,
} from "~/modules/access/schemas";

/** A form post through the pipeline the actions use: empty fields arrive as undefined. */
function submit(schema: z.ZodType, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const submission = parseWithZod(form, { schema });
  return { success: submission.status === "success", data: submission.status === "success" ? submission.value : undefined, submission };
}

/** The first error of each field, as the form shows it. */
function errorsOf(result: ReturnType<typeof submit>) {
  expect(result.success).toBe(false);
  const errors = result.submission.reply().error ?? {};
  return Object.fromEntries(Object.entries(errors).map(([name, messages]) => [name, messages?.[0]]));
}

function valueOf(result: ReturnType<typeof submit>) {
  expect(result.success).toBe(true);
  return result.data as Record<string, unknown>;
}

describe("LoginSchema", () => {
  it("trims and lower-cases the e-mail", () => {
    const result = submit(LoginSchema, { email: "  Alice.Smith@Example.COM ", password: "pw" });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ email: "alice.smith@example.com", password: "pw" });
  });

  it.each([["not-an-email"], ["a@"], ["@example.com"], [""], ["   "]])("rejects the e-mail %j with auth.emailInvalid", (email) => {
    expect(errorsOf(submit(LoginSchema, { email, password: "pw" }))).toEqual({ email: "auth.emailInvalid" });
  });

  it("requires a password", () => {
    expect(errorsOf(submit(LoginSchema, { email: "a@example.com", password: "" }))).toEqual({ password: "auth.passwordRequired" });
    expect(errorsOf(submit(LoginSchema, { email: "a@example.com" }))).toEqual({ password: "auth.passwordRequired" });
    expect(errorsOf(submit(LoginSchema, {}))).toEqual({ email: "auth.emailInvalid", password: "auth.passwordRequired" });
  });

  it("does not trim the password", () => {
    expect(valueOf(submit(LoginSchema, { email: "a@example.com", password: " pw " })).password).toBe(" pw ");
  });

  it("keeps an optional redirectTo", () => {
    expect(valueOf(submit(LoginSchema, { email: "a@example.com", password: "pw", redirectTo: "/views" })).redirectTo).toBe("/views");
  });
});

describe("ResetRequestSchema", () => {
  it("normalises and validates the e-mail", () => {
    expect(valueOf(submit(ResetRequestSchema, { email: " Bob@Example.com" }))).toEqual({ email: "bob@example.com" });
    expect(errorsOf(submit(ResetRequestSchema, { email: "bob" }))).toEqual({ email: "auth.emailInvalid" });
  });
});

describe("ChangePasswordSchema", () => {
  const valid = { old_password: "old-pass", new_password: "new-pass-1", new_password_confirmation: "new-pass-1" };

  it("accepts matching new passwords", () => {
    expect(submit(ChangePasswordSchema, valid).success).toBe(true);
  });

  it("refuses a new password equal to the current one, beside the new password", () => {
    const same = { ...valid, new_password: valid.old_password, new_password_confirmation: valid.old_password };
    expect(errorsOf(submit(ChangePasswordSchema, same))).toEqual({ new_password: "auth.passwordUnchanged" });
  });

  it("reports a mismatch on new_password_confirmation", () => {
    expect(errorsOf(submit(ChangePasswordSchema, { ...valid, new_password_confirmation: "new-pass-2" }))).toEqual({
      new_password_confirmation: "auth.passwordMismatch",
    });
  });

  it("rejects a too short new password with the minimum as a value", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(errorsOf(submit(ChangePasswordSchema, { ...valid, new_password: "short7!", new_password_confirmation: "short7!" }))).toEqual({
      new_password: "auth.passwordTooShort|min=8",
    });
    const eight = "12345678";
    expect(submit(ChangePasswordSchema, { ...valid, new_password: eight, new_password_confirmation: eight }).success).toBe(true);
  });

  it("rejects a new password longer than 72 characters with the maximum as a value", () => {
    expect(PASSWORD_MAX_LENGTH).toBe(72);
    const max = "a".repeat(72);
    const tooLong = "a".repeat(73);
    expect(submit(ChangePasswordSchema, { ...valid, new_password: max, new_password_confirmation: max }).success).toBe(true);
    expect(errorsOf(submit(ChangePasswordSchema, { ...valid, new_password: tooLong, new_password_confirmation: tooLong }))).toEqual({
      new_password: "auth.passwordTooLong|max=72",
    });
  });

  it("requires the old password", () => {
    expect(errorsOf(submit(ChangePasswordSchema, { ...valid, old_password: "" }))).toEqual({ old_password: "auth.passwordRequired" });
  });
});

describe("ResetPasswordSchema", () => {
  it("accepts matching passwords", () => {
    expect(valueOf(submit(ResetPasswordSchema, { password: "long-enough", confirmation: "long-enough" }))).toEqual({
      password: "long-enough",
      confirmation: "long-enough",
    });
  });

  it("reports a mismatch on confirmation", () => {
    expect(errorsOf(submit(ResetPasswordSchema, { password: "long-enough", confirmation: "long-enougH" }))).toEqual({
      confirmation: "auth.passwordMismatch",
    });
  });

  it("rejects a too short password with min=8", () => {
    expect(errorsOf(submit(ResetPasswordSchema, { password: "1234567", confirmation: "1234567" }))).toEqual({
      password: "auth.passwordTooShort|min=8",
    });
  });

  it("rejects a too long password with max=72", () => {
    const tooLong = "b".repeat(73);
    expect(errorsOf(submit(ResetPasswordSchema, { password: tooLong, confirmation: tooLong }))).toEqual({
      password: "auth.passwordTooLong|max=72",
    });
  });

  it("rejects a password whose UTF-8 form exceeds bcrypt's 72 bytes (it would be silently cut)", () => {
    // 36 × "ä" is 72 bytes; anything after it would be ignored by bcrypt, so
    // "ä…äabc" and "ä…äxyz" would be the same password. 39 characters, 75 bytes.
    const password = `${"ä".repeat(36)}abc`;
    expect(password.length).toBeLessThanOrEqual(PASSWORD_MAX_LENGTH);
    expect(new TextEncoder().encode(password).length).toBeGreaterThan(72);
    expect(submit(ResetPasswordSchema, { password, confirmation: password }).success).toBe(false);
    expect(submit(ChangePasswordSchema, { old_password: "x", new_password: password, new_password_confirmation: password }).success).toBe(false);
  });
});
