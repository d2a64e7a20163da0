import { z } from "zod";
import { errorKey } from "../../ui/forms";

// bcrypt only reads the first 72 bytes, so longer passwords would silently be cut.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 72;

const email = z.string().trim().toLowerCase().pipe(z.email({ error: "auth.emailInvalid" }));

const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: errorKey("auth.passwordTooShort", { min: PASSWORD_MIN_LENGTH }) })
  // bcrypt's limit is in bytes: "ä" takes two, so count the UTF-8 form, not the characters.
  .refine((pw) => new TextEncoder().encode(pw).length <= PASSWORD_MAX_LENGTH, {
    error: errorKey("auth.passwordTooLong", { max: PASSWORD_MAX_LENGTH }),
  });

export const LoginSchema = z.object({
  email,
  password: z.string({ error: "auth.passwordRequired" }).min(1, { error: "auth.passwordRequired" }).max(1000),
  redirectTo: z.string().optional(),
});

export const ResetRequestSchema = z.object({ email });

export const ResetPasswordSchema = z
  .object({ password: newPassword, confirmation: z.string() })
  .refine((v) => v.password === v.confirmation, { error: "auth.passwordMismatch", path: ["confirmation"] });

export const ChangePasswordSchema = z
  .object({
    old_password: z.string().min(1, { error: "auth.passwordRequired" }).max(1000),
    new_password: newPassword,
    new_password_confirmation: z.string(),
    redirectTo: z.string().optional(),
  })
  .refine((v) => v.new_password === v.new_password_confirmation, {
    error: "auth.passwordMismatch",
    path: ["new_password_confirmation"],
  });
