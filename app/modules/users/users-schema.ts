import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/modules/access/schemas";
import { ROLES } from "~/modules/access/roles";
import { requiredText } from "~/ui/form/fields";
import { errorKey } from "~/ui/forms";

/** The user forms' schemas, used by the actions and the dialogs alike (messages are i18n keys). */
const name = requiredText(120);
const email = z
  .string({ error: "auth.emailInvalid" })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "auth.emailInvalid" }).max(254, { error: "auth.emailInvalid" }));
const role = z.enum(ROLES, { error: "users.roleInvalid" });

export const EditUserSchema = z.object({ name, email, role });

const tooShort = errorKey("auth.passwordTooShort", { min: PASSWORD_MIN_LENGTH });

/** "New user": an initial password, or an invitation mail that lets the user choose one. */
export const NewUserSchema = z
  .object({
    name,
    email,
    role,
    access: z.enum(["invite", "password"], { error: "users.accessRequired" }),
    password: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.access !== "password") return;
    const pw = v.password ?? "";
    if (pw.length < PASSWORD_MIN_LENGTH) ctx.addIssue({ code: "custom", path: ["password"], message: tooShort });
    else if (new TextEncoder().encode(pw).length > PASSWORD_MAX_LENGTH)
      ctx.addIssue({ code: "custom", path: ["password"], message: errorKey("auth.passwordTooLong", { max: PASSWORD_MAX_LENGTH }) });
  });
