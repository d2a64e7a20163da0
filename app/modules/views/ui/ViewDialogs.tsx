import { Button, Checkbox, Group, Stack, Text, TextInput } from "@mantine/core";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "~/ui/FormAlert";
import { RouteDialog } from "~/ui/RouteDialog";
import { formError, type FormAnswer } from "~/lib/form-answer";
import { fieldProps, useSchemaForm, type FormReply } from "~/ui/form/use-schema-form";
import type { deleteViewLoader, editViewLoader, saveViewLoader } from "../views-page.server";
import { VIEW_NAME_MAX } from "../views-limits";
import type { ViewFormSchema } from "../views-schema";
import { summaryParts } from "./summary";

const LIST = "/views";

/** "true" for a checkbox value conform hands back after a refused post ("on"), or a boolean default. */
const ticked = (value: unknown) => value === true || value === "on" || value === "true";

function Buttons({ back, busy, testId, label }: { back: string; busy: boolean; testId: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button component={Link} to={back} variant="default" preventScrollReset>
        {t("app.cancel")}
      </Button>
      <Button type="submit" loading={busy} data-testid={testId}>
        {label}
      </Button>
    </Group>
  );
}

/** Name and (for those who may share) "share with everyone": the fields of saving and of editing a view. */
function ViewFields({ fields, canShare }: { fields: ReturnType<typeof useSchemaForm<typeof ViewFormSchema>>[1]; canShare: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput key={fields.name.key} {...fieldProps(t, fields.name)} label={t("views.save.name")} required maxLength={VIEW_NAME_MAX} autoFocus data-testid="view-name" />
      {canShare ? (
        <Checkbox
          key={fields.shared.key}
          name={fields.shared.name}
          defaultChecked={ticked(fields.shared.initialValue)}
          label={t("views.save.shared")}
          description={t("views.save.sharedHint")}
          data-testid="view-shared"
        />
      ) : null}
    </>
  );
}

/** /servicecatalog/save-view?… — "save this view" over the catalogue browser: what is saved, its name, sharing. */
export function SaveViewDialog() {
  const { t } = useTranslation();
  const { state, back, canShare } = useLoaderData<typeof saveViewLoader>();
  const [form, fields] = useSchemaForm<typeof ViewFormSchema>(useActionData<FormReply>());
  const busy = useNavigation().state === "submitting";
  return (
    <RouteDialog title={t("views.save.title")} closeTo={back} maxWidth={560}>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate data-testid="save-view-form">
        <Stack gap="sm">
          <FormAlert error={form.errors?.[0]} />
          <div>
            <Text size="sm" fw={600}>
              {t("views.save.contents")}
            </Text>
            <Text size="sm" data-testid="save-view-summary">
              {summaryParts(t, state).join(" · ")}
            </Text>
          </div>
          <ViewFields fields={fields} canShare={canShare} />
          <Buttons back={back} busy={busy} testId="save-view-submit" label={t("views.save.submit")} />
        </Stack>
      </Form>
    </RouteDialog>
  );
}

/** /views/:id/edit — rename; the owner who may share also shares or unshares. */
export function EditViewDialog() {
  const { t } = useTranslation();
  const { view } = useLoaderData<typeof editViewLoader>();
  const [form, fields] = useSchemaForm<typeof ViewFormSchema>(useActionData<FormReply>(), { defaultValue: { name: view.name, shared: view.shared ? "on" : undefined } });
  const busy = useNavigation().state === "submitting";
  return (
    <RouteDialog title={t("views.edit.title")} closeTo={LIST} maxWidth={560}>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate data-testid="edit-view-form">
        <input type="hidden" name="updated_at" value={view.updatedAt} />
        <Stack gap="sm">
          <FormAlert error={form.errors?.[0]} />
          {view.mine ? null : (
            <Text size="sm" c="dimmed">
              {t("views.edit.owner", { name: view.ownerName })}
            </Text>
          )}
          <ViewFields fields={fields} canShare={view.canShare} />
          <Buttons back={LIST} busy={busy} testId="edit-view-submit" label={t("app.save")} />
        </Stack>
      </Form>
    </RouteDialog>
  );
}

/** /views/:id/delete — a confirmation over the list. */
export function DeleteViewDialog() {
  const { t } = useTranslation();
  const { view } = useLoaderData<typeof deleteViewLoader>();
  const error = formError(useActionData<FormAnswer>());
  const busy = useNavigation().state === "submitting";
  return (
    <RouteDialog title={t("views.delete.title")} closeTo={LIST} maxWidth={480}>
      <Form method="post">
        <Stack gap="sm">
          <FormAlert error={error} />
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {t("views.delete.confirm", { name: view.name })}
          </Text>
          {view.shared ? <Text size="sm">{t("views.delete.confirmShared")}</Text> : null}
          <Group justify="flex-end">
            <Button component={Link} to={LIST} variant="default" preventScrollReset>
              {t("app.cancel")}
            </Button>
            <Button type="submit" color="red" loading={busy} data-testid="confirm-delete-view">
              {t("views.delete.submit")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </RouteDialog>
  );
}
