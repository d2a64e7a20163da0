import { Alert, Anchor, Button, Group, List, NativeSelect, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../../../ui/FormAlert";
import { answerFor, fieldError, useSchemaForm } from "~/ui/form/use-schema-form";
import { NAME_MAX } from "../../structure-limits";
import type { StructureEditSchema } from "../../structure-schema";
import type { StaleState, StructureAnswer, StructureKind } from "../../structure-types";

/** Says that someone else saved meanwhile and what is stored now; nothing was overwritten. */
function StaleNotice({ stale }: { stale: StaleState }) {
  const { t } = useTranslation();
  const location = useLocation();
  const shown: Array<[field: string, label: string, value: string | null | undefined]> = [
    ["name", t("structure.name"), stale.current.name],
    ["description", t("structure.description"), stale.current.description],
    ["areaId", t("structure.areaField"), stale.current.areaName === undefined ? undefined : (stale.current.areaName ?? t("structure.noArea"))],
  ];
  const changed = shown.filter(([field, , value]) => stale.changedFields.includes(field) && value !== undefined);
  return (
    <Alert color="orange" role="alert" title={t("structure.staleTitle")} data-testid="stale-notice">
      <Text size="sm">{t("structure.stale")}</Text>
      {changed.length ? (
        <List size="sm" mt="xs">
          {changed.map(([field, label, value]) => (
            <List.Item key={field}>
              {label}: <strong style={{ whiteSpace: "pre-wrap" }}>{value || "—"}</strong>
            </List.Item>
          ))}
        </List>
      ) : null}
      <Anchor component={Link} to={location.pathname} reloadDocument size="sm" mt="xs" display="inline-block">
        {t("structure.reload")}
      </Anchor>
    </Alert>
  );
}

/**
 * Name, description and — for a category while the area level is active — its area. Carries the
 * `updated_at` it was loaded with, so a save over someone else's newer one is refused.
 */
export function StructureEditForm({
  kind,
  record,
  areaOptions,
  actionData,
}: {
  kind: StructureKind;
  record: { name: string; description: string | null; updated_at: string; service_area_id?: number | null };
  /** The areas to choose from; null hides the choice (areas, or the area level switched off). */
  areaOptions: { id: number; name: string }[] | null;
  actionData?: StructureAnswer;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const mine = answerFor(actionData, "update");
  const [form, fields] = useSchemaForm<typeof StructureEditSchema>(mine, {
    id: `structure-edit-${record.updated_at}`,
    defaultValue: { name: record.name, description: record.description ?? "", areaId: String(record.service_area_id ?? "") },
  });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "update";
  return (
    // key: after a save the page reloads the record, and the fields show what is stored.
    <Form
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      key={record.updated_at}
      aria-label={t(kind === "area" ? "structure.editArea" : "structure.editCategory")}
    >
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="updated_at" value={record.updated_at} />
      <Stack gap="sm">
        {mine?.meta?.stale ? <StaleNotice stale={mine.meta.stale} /> : <FormAlert error={form.errors?.[0]} />}
        <TextInput
          key={fields.name.key}
          name={fields.name.name}
          label={t("structure.name")}
          required
          maxLength={NAME_MAX}
          defaultValue={fields.name.initialValue}
          error={fieldError(t, fields.name.errors)}
        />
        <Textarea
          key={fields.description.key}
          name={fields.description.name}
          label={t("structure.description")}
          defaultValue={fields.description.initialValue}
          error={fieldError(t, fields.description.errors)}
          autosize
          minRows={3}
          maxRows={12}
        />
        {areaOptions ? (
          <NativeSelect
            key={fields.areaId.key}
            name={fields.areaId.name}
            label={t("structure.areaField")}
            defaultValue={fields.areaId.initialValue}
            error={fieldError(t, fields.areaId.errors)}
            data={[{ value: "", label: t("structure.noArea") }, ...areaOptions.map((a) => ({ value: String(a.id), label: a.name }))]}
          />
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={submitting}>
            {t("structure.save")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
