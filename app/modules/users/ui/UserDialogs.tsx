import { Button, Group, NativeSelect, PasswordInput, Radio, Stack, Text, TextInput } from "@mantine/core";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { roleChoices } from "~/modules/access/policy";
import { ROLE_LABEL_KEYS, type Role } from "~/modules/access/roles";
import { FormAlert } from "~/ui/FormAlert";
import { RouteDialog } from "~/ui/RouteDialog";
import { formError, type FormAnswer } from "~/lib/form-answer";
import { fieldError, useSchemaForm, type FormReply } from "~/ui/form/use-schema-form";
import type { EditUserSchema, NewUserSchema } from "../users-schema";

/** The role picker: each option names the role and says in one line what it may do. */
function RoleSelect({ roles, name, defaultValue, error, disabled, description }: { roles: readonly Role[]; name: string; defaultValue: string; error?: string; disabled?: boolean; description?: string }) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      name={name}
      label={t("users.role")}
      defaultValue={defaultValue}
      error={error}
      disabled={disabled}
      description={description}
      // Only the roles the viewer may give (the access policy); a disabled own role shows as it is.
      data={roleChoices(roles, defaultValue).map((role) => ({ value: role, label: `${t(ROLE_LABEL_KEYS[role])} – ${t(`users.roleHints.${role}`)}` }))}
    />
  );
}

/** /admin/usermanagement/new — name, e-mail, role, and an initial password or an invitation mail. */
export function NewUserDialog() {
  const { t } = useTranslation();
  const { back, roles } = useLoaderData<{ back: string; roles: Role[] }>();
  const [form, fields] = useSchemaForm<typeof NewUserSchema>(useActionData<FormReply>(), { defaultValue: { role: "user", access: "invite" } });
  const [access, setAccess] = useState(String(fields.access.initialValue ?? "invite"));
  const busy = useNavigation().state === "submitting";
  return (
    <RouteDialog title={t("users.newTitle")} closeTo={back} maxWidth={520}>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate>
        <Stack gap="sm">
          <FormAlert error={form.errors?.[0]} />
          <TextInput key={fields.name.key} name={fields.name.name} label={t("users.name")} defaultValue={String(fields.name.initialValue ?? "")} error={fieldError(t, fields.name.errors)} required autoFocus autoComplete="off" />
          <TextInput key={fields.email.key} name={fields.email.name} type="email" label={t("users.email")} defaultValue={String(fields.email.initialValue ?? "")} error={fieldError(t, fields.email.errors)} required autoComplete="off" />
          <RoleSelect roles={roles} key={fields.role.key} name={fields.role.name} defaultValue={String(fields.role.initialValue ?? "user")} error={fieldError(t, fields.role.errors)} />
          <Radio.Group name={fields.access.name} label={t("users.access")} value={access} onChange={setAccess} error={fieldError(t, fields.access.errors)}>
            <Stack gap={6} mt={4}>
              <Radio value="invite" label={t("users.accessInvite")} />
              <Radio value="password" label={t("users.accessPassword")} />
            </Stack>
          </Radio.Group>
          {/* Always on the page (it works without JS); the server reads it only when "initial password" is chosen. */}
          <PasswordInput
            name={fields.password.name}
            label={t("users.initialPassword")}
            description={t("users.initialPasswordHint")}
            autoComplete="new-password"
            error={fieldError(t, fields.password.errors)}
            required={access === "password"}
          />
          <Group justify="flex-end">
            <Button component={Link} to={back} variant="default">
              {t("app.cancel")}
            </Button>
            <Button type="submit" loading={busy} data-testid="create-user">
              {t("users.create")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </RouteDialog>
  );
}

interface AccountData {
  user: { id: number; name: string; email: string; role: Role; azureUser?: boolean };
  isSelf: boolean;
  back: string;
  /** The roles the viewer may give (edit dialog only). */
  roles?: Role[];
}

/** /admin/usermanagement/:id/edit — name, e-mail and role; your own role stays as it is. */
export function EditUserDialog() {
  const { t } = useTranslation();
  const { user, isSelf, back, roles = [] } = useLoaderData<AccountData>();
  const [form, fields] = useSchemaForm<typeof EditUserSchema>(useActionData<FormReply>(), { defaultValue: { name: user.name, email: user.email, role: user.role } });
  const busy = useNavigation().state === "submitting";
  return (
    <RouteDialog title={t("users.editTitle", { name: user.name })} closeTo={back} maxWidth={520}>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate>
        <Stack gap="sm">
          <FormAlert error={form.errors?.[0]} />
          <TextInput key={fields.name.key} name={fields.name.name} label={t("users.name")} defaultValue={String(fields.name.initialValue ?? "")} error={fieldError(t, fields.name.errors)} required autoFocus />
          <TextInput key={fields.email.key} name={fields.email.name} type="email" label={t("users.email")} defaultValue={String(fields.email.initialValue ?? "")} error={fieldError(t, fields.email.errors)} required />
          {/* A disabled select is not sent: your own role travels in a hidden field. */}
          {isSelf ? <input type="hidden" name={fields.role.name} value={user.role} /> : null}
          <RoleSelect
            roles={roles}
            key={fields.role.key}
            name={isSelf ? "role-shown" : fields.role.name}
            defaultValue={String(fields.role.initialValue ?? user.role)}
            error={fieldError(t, fields.role.errors)}
            disabled={isSelf}
            description={isSelf ? t("users.ownRoleHint") : t("users.roleChangeHint")}
          />
          <Group justify="flex-end">
            <Button component={Link} to={back} variant="default">
              {t("app.cancel")}
            </Button>
            <Button type="submit" loading={busy} data-testid="save-user">
              {t("app.save")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </RouteDialog>
  );
}

/** /admin/usermanagement/:id/delete — a confirmation; the account's history stays in the logs. */
export function DeleteUserDialog() {
  const { t } = useTranslation();
  const { user, isSelf, back } = useLoaderData<AccountData>();
  const error = formError(useActionData<FormAnswer>());
  const busy = useNavigation().state === "submitting";
  return (
    <RouteDialog title={t("users.deleteTitle", { name: user.name })} closeTo={back} maxWidth={480}>
      <Form method="post">
        <Stack gap="sm">
          <FormAlert error={error ?? (isSelf ? "users.deleteSelf" : undefined)} />
          <Text size="sm">{t("users.deleteConfirm", { name: user.name, email: user.email })}</Text>
          <Group justify="flex-end">
            <Button component={Link} to={back} variant="default">
              {t("app.cancel")}
            </Button>
            <Button type="submit" color="red" loading={busy} disabled={isSelf} data-testid="confirm-delete-user">
              {t("users.delete")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </RouteDialog>
  );
}
