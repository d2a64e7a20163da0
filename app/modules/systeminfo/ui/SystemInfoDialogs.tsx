import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RichTextField } from "~/modules/service/ui/RichTextField";
import { FormAlert } from "~/ui/FormAlert";
import { RouteDialog } from "~/ui/RouteDialog";
import { formError, type FormAnswer } from "~/lib/form-answer";
import { fieldProps, useSchemaForm, type FormReply } from "~/ui/form/use-schema-form";
import type { deleteMessageLoader, deletePatchNoteLoader, editMessageLoader, editPatchNoteLoader } from "../admin-page.server";
import type { PatchNoteSchema, SystemMessageSchema } from "../systeminfo-schema";

/** The dialogs of /admin/systeminfo: new and edit forms of a patch note and a system message, and the delete confirmation. */

const BACK = "/admin/systeminfo";

type NoteData = Awaited<ReturnType<typeof editPatchNoteLoader>> | { note: null; today: string };
type MessageData = Awaited<ReturnType<typeof editMessageLoader>> | { message: null };

function Buttons({ busy, testId }: { busy: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button component={Link} to={BACK} variant="default" preventScrollReset>
        {t("app.cancel")}
      </Button>
      <Button type="submit" loading={busy} data-testid={testId}>
        {t("app.save")}
      </Button>
    </Group>
  );
}

/** /admin/systeminfo/patch-notes/new and /:id/edit — headline, version, date and text. */
export function PatchNoteDialog() {
  const { t } = useTranslation();
  const { note, today } = useLoaderData<NoteData>();
  const [form, fields] = useSchemaForm<typeof PatchNoteSchema>(useActionData<FormReply>(), {
    defaultValue: note ? { headline: note.headline, version: note.version, patch_date: note.patch_date, text: note.text } : { patch_date: today },
  });
  const busy = useNavigation().state === "submitting";
  return (
    <RouteDialog title={note ? t("systeminfo.notes.editTitle", { headline: note.headline }) : t("systeminfo.notes.newTitle")} closeTo={BACK} maxWidth={720}>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate>
        {note ? <input type="hidden" name="updated_at" value={note.updated_at} /> : null}
        <Stack gap="sm">
          <FormAlert error={form.errors?.[0]} />
          <TextInput key={fields.headline.key} {...fieldProps(t, fields.headline)} label={t("systeminfo.notes.headline")} required autoFocus />
          <Group grow align="flex-start" wrap="wrap">
            <TextInput key={fields.version.key} {...fieldProps(t, fields.version)} label={t("systeminfo.notes.version")} required miw={160} />
            <TextInput
              key={fields.patch_date.key}
              {...fieldProps(t, fields.patch_date)}
              type="datetime-local"
              label={t("systeminfo.notes.patchDate")}
              description={t("systeminfo.notes.patchDateHint")}
              required
              miw={200}
            />
          </Group>
          <RichTextField key={fields.text.key} {...fieldProps(t, fields.text)} label={t("systeminfo.notes.text")} />
          <Buttons busy={busy} testId="save-patch-note" />
        </Stack>
      </Form>
    </RouteDialog>
  );
}

/** /admin/systeminfo/messages/new and /:id/edit — headline, text and the optional expiration date (Berlin time). */
export function MessageDialog() {
  const { t } = useTranslation();
  const { message } = useLoaderData<MessageData>();
  const [form, fields] = useSchemaForm<typeof SystemMessageSchema>(useActionData<FormReply>(), {
    defaultValue: message ? { headline: message.headline, text: message.text, expiration_date: message.expiration_date } : undefined,
  });
  const busy = useNavigation().state === "submitting";
  return (
    <RouteDialog title={message ? t("systeminfo.messages.editTitle", { headline: message.headline }) : t("systeminfo.messages.newTitle")} closeTo={BACK} maxWidth={720}>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate>
        {message ? <input type="hidden" name="updated_at" value={message.updated_at} /> : null}
        <Stack gap="sm">
          <FormAlert error={form.errors?.[0]} />
          <TextInput key={fields.headline.key} {...fieldProps(t, fields.headline)} label={t("systeminfo.messages.headline")} required autoFocus />
          <RichTextField key={fields.text.key} {...fieldProps(t, fields.text)} label={t("systeminfo.messages.text")} />
          <TextInput
            key={fields.expiration_date.key}
            {...fieldProps(t, fields.expiration_date)}
            type="datetime-local"
            label={t("systeminfo.messages.expirationDate")}
            description={t("systeminfo.messages.expirationHint")}
            maw={280}
          />
          <Buttons busy={busy} testId="save-message" />
        </Stack>
      </Form>
    </RouteDialog>
  );
}

type DeleteData = Awaited<ReturnType<typeof deletePatchNoteLoader>> | Awaited<ReturnType<typeof deleteMessageLoader>>;

/** /admin/systeminfo/patch-notes/:id/delete and /messages/:id/delete — a confirmation over the list. */
export function DeleteDialog() {
  const { t } = useTranslation();
  const { kind, record } = useLoaderData<DeleteData>();
  const error = formError(useActionData<FormAnswer>());
  const busy = useNavigation().state === "submitting";
  const texts = kind === "note" ? "systeminfo.notes" : "systeminfo.messages";
  return (
    <RouteDialog title={t(`${texts}.deleteTitle`)} closeTo={BACK} maxWidth={480}>
      <Form method="post">
        <Stack gap="sm">
          <FormAlert error={error} />
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {t(`${texts}.deleteConfirm`, { headline: record.headline })}
          </Text>
          <Group justify="flex-end">
            <Button component={Link} to={BACK} variant="default" preventScrollReset>
              {t("app.cancel")}
            </Button>
            <Button type="submit" color="red" loading={busy} data-testid="confirm-delete">
              {t("systeminfo.delete")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </RouteDialog>
  );
}
