import { z } from "zod";
import { errorKey } from "../../ui/forms";

/**
 * The access forms' schemas, used by the actions (parseForm) and the forms (useSchemaForm).
 * Messages are i18n keys; an empty field arrives as undefined, so each type error names its key.
 */

// bcrypt only reads the first 72 bytes, so longer passwords would silently be cut.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 72;

const email = z
  .string({ error: "auth.emailInvalid" })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "auth.emailInvalid" }));

const tooShort = errorKey("auth.passwordTooShort", { min: PASSWORD_MIN_LENGTH });
const newPassword = z
  .string({ error: tooShort })
  .min(PASSWORD_MIN_LENGTH, { error: tooShort })
  // bcrypt's limit is in bytes: "ä" takes two, so count the UTF-8 form, not the characters.
  .refine((pw) => new TextEncoder().encode(pw).length <= PASSWORD_MAX_LENGTH, {
    error: errorKey("auth.passwordTooLong", { max: PASSWORD_MAX_LENGTH }),
  });

const currentPassword = z.string({ error: "auth.passwordRequired" }).min(1, { error: "auth.passwordRequired" }).max(1000);
/** A confirmation left empty is a mismatch, not a missing field. */
const confirmation = z.string().default("");

export const LoginSchema = z.object({
  email,
  password: currentPassword,
  redirectTo: z.string().optional(),
});

export const ResetRequestSchema = z.object({ email });

/** The local password that links an existing account to a Microsoft sign-in (decision 0047). */
export const AzureLinkSchema = z.object({ password: currentPassword });

export const ResetPasswordSchema = z
  .object({ password: newPassword, confirmation })
  .refine((v) => v.password === v.confirmation, { error: "auth.passwordMismatch", path: ["confirmation"] });

export const ChangePasswordSchema = z
  .object({
    old_password: currentPassword,
    new_password: newPassword,
    new_password_confirmation: confirmation,
    redirectTo: z.string().optional(),
  })
  .refine((v) => v.new_password === v.new_password_confirmation, {
    error: "auth.passwordMismatch",
    path: ["new_password_confirmation"],
  })
  // A "change" to the same password changes nothing and hides a mistake: refuse it.
  .refine((v) => v.new_password !== v.old_password, {
    error: "auth.passwordUnchanged",
    path: ["new_password"],
  });
