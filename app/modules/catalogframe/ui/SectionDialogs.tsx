import { Button, Group, NativeSelect, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteDialog } from "~/ui/RouteDialog";
import { formError, type FormAnswer } from "~/lib/form-answer";
import { fieldProps, useSchemaForm, type FormReply } from "~/ui/form/use-schema-form";
import { FormAlert } from "~/ui/FormAlert";
import type { deleteDialogLoader, sectionDialogLoader } from "../section-page.server";
import type { SectionSchema } from "../frame-schema";
import { SECTION_TYPES, framePath } from "../frame-types";
import { Refusal } from "./FrameRows";

/** Cancel and save of a dialog's form. */
export function DialogButtons({ back, busy, label, testId, danger = false }: { back: string; busy: boolean; label: string; testId: string; danger?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button component={Link} to={back} variant="default" preventScrollReset>
        {t("app.cancel")}
      </Button>
      <Button type="submit" loading={busy} color={danger ? "red" : undefined} data-testid={testId}>
        {label}
      </Button>
    </Group>
  );
}

/** /catalogframe/:id/section/new and /section/:section — name, type and description of a section. */
export function SectionDialog() {
  const { t } = useTranslation();
  const { catalogueId, section } = useLoaderData<typeof sectionDialogLoader>();
  const reply = useActionData<FormReply>();
  const [form, fields] = useSchemaForm<typeof SectionSchema>(reply, {
    defaultValue: section ? { name: section.name, type: section.type, description: section.description } : { type: "Paragraph" },
  });
  const busy = useNavigation().state === "submitting";
  const back = framePath(catalogueId);
  const value = (v: unknown) => (v == null ? "" : String(v));
  return (
    <RouteDialog title={section ? t("catalogframe.sections.editTitle", { name: section.name }) : t("catalogframe.sections.newTitle")} closeTo={back} maxWidth={600}>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate>
        {section ? <input type="hidden" name="updated_at" value={section.updated_at} /> : null}
        <Stack gap="sm">
          <Refusal answer={reply as FormAnswer | undefined} />
          <TextInput key={fields.name.key} {...fieldProps(t, fields.name)} label={t("catalogframe.sections.name")} required autoFocus data-testid="section-name" />
          <NativeSelect
            key={fields.type.key}
            {...fieldProps(t, fields.type)}
            label={t("catalogframe.sections.type")}
            description={t("catalogframe.sections.typeHint")}
            defaultValue={value(fields.type.initialValue) || "Paragraph"}
            data={SECTION_TYPES.map((type) => ({ value: type, label: t(`catalogframe.sections.types.${type}`) }))}
            data-testid="section-type"
          />
          <Textarea key={fields.description.key} {...fieldProps(t, fields.description)} label={t("catalogframe.sections.description")} autosize minRows={3} />
          <DialogButtons back={back} busy={busy} label={t("catalogframe.save")} testId="save-section" />
        </Stack>
      </Form>
    </RouteDialog>
  );
}

/** /catalogframe/:id/delete/:kind/:item — the confirmation before a section or an item is deleted. */
export function DeleteDialog() {
  const { t } = useTranslation();
  const { catalogueId, kind, record } = useLoaderData<typeof deleteDialogLoader>();
  const error = formError(useActionData<FormAnswer>());
  const busy = useNavigation().state === "submitting";
  const texts = kind === "section" ? "catalogframe.sections" : `catalogframe.items.${kind}`;
  const back = framePath(catalogueId);
  return (
    <RouteDialog title={t(`${texts}.deleteTitle`)} closeTo={back} maxWidth={480}>
      <Form method="post">
        <Stack gap="sm">
          <FormAlert error={error} />
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {t(`${texts}.deleteConfirm`, { name: record.name })}
          </Text>
          <DialogButtons back={back} busy={busy} label={t("catalogframe.delete")} testId="confirm-delete" danger />
        </Stack>
      </Form>
    </RouteDialog>
  );
}
