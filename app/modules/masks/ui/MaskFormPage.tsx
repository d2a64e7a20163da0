import { Anchor, Button, Checkbox, Group, NativeSelect, Radio, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { catalogueTitle } from "~/modules/catalogue/catalogue-title";
import { JUMP_SECTIONS } from "~/modules/service/service-fields";
import { FormAlert } from "~/ui/FormAlert";
import { fieldError, useSchemaForm, type FormReply } from "~/ui/form/use-schema-form";
import type { MaskRow } from "../masks.server";
import type { MaskSchema } from "../masks-schema";
import { MASK_FIELD_GROUPS } from "../masks-types";

interface Named {
  id: number;
  name: string;
  service_catalogue_id: number | null;
}

export interface MaskFormData {
  mask: MaskRow | null;
  targets: { catalogues: { id: number; title: string | null; frame_title: string | null }[]; areas: Named[]; categories: Named[] };
  attributes: { id: number; designation: string; active: number }[];
  headlines: Record<number, string>;
}

const asList = (value: unknown): string[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value.map(String) : [String(value)]);

/**
 * /admin/attributemasks/new and /admin/attributemasks/:id — name, target (an area or a category of
 * any catalogue) and what the mask hides: sections, plain fields, custom attributes. Without JS
 * both target selects show; the server reads the one the target model names.
 */
export function MaskFormPage() {
  const { t } = useTranslation();
  const { mask, targets, attributes, headlines } = useLoaderData<MaskFormData>();
  const [form, fields] = useSchemaForm<typeof MaskSchema>(useActionData<FormReply>(), {
    defaultValue: (mask
      ? {
          name: mask.name,
          target_model: mask.target_model,
          area_id: mask.target_model === "area" ? String(mask.target_id ?? "") : "",
          category_id: mask.target_model === "category" ? String(mask.target_id ?? "") : "",
          sections: mask.hidden.sections,
          fields: mask.hidden.fields.filter((f) => MASK_FIELD_GROUPS.some((g) => (g.fields as readonly string[]).includes(f))),
          attributes: mask.hidden.attributes.map(String),
        }
      : { target_model: "category" }) as never, // conform types a checkbox list's default as one string; it takes a list
  });
  const [model, setModel] = useState(String(fields.target_model.initialValue ?? "category"));
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const busy = useNavigation().state === "submitting";
  const heading = (position: number) => headlines[position] ?? t(`service.headlines.${position}`);
  const grouped = (records: Named[]) => [
    { value: "", label: t("masks.choose") },
    ...targets.catalogues
      .map((k) => ({
        group: catalogueTitle(t, { id: k.id, title: k.title, frameTitle: k.frame_title }),
        items: records.filter((r) => r.service_catalogue_id === k.id).map((r) => ({ value: String(r.id), label: r.name })),
      }))
      .filter((g) => g.items.length > 0),
  ];
  const checked = { sections: asList(fields.sections.initialValue), fields: asList(fields.fields.initialValue), attributes: asList(fields.attributes.initialValue) };
  const title = mask ? t("masks.editTitle", { name: mask.name }) : t("masks.newTitle");
  return (
    <Stack gap="md" maw={960}>
      <Anchor component={Link} to="/admin/attributemasks" size="sm">
        {t("masks.back")}
      </Anchor>
      <Title order={1} style={{ overflowWrap: "anywhere" }}>
        {title}
      </Title>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate aria-label={title}>
        {mask ? <input type="hidden" name="updated_at" value={mask.updated_at} /> : null}
        <Stack gap="md">
          <FormAlert error={form.errors?.[0]} />
          <TextInput key={fields.name.key} name={fields.name.name} label={t("masks.name")} defaultValue={String(fields.name.initialValue ?? "")} error={fieldError(t, fields.name.errors)} required maw={480} data-testid="mask-name" />
          <Radio.Group name={fields.target_model.name} label={t("masks.targetModel")} value={model} onChange={setModel} error={fieldError(t, fields.target_model.errors)} required>
            <Group gap="md" mt={4}>
              <Radio value="category" label={t("masks.targetModels.category")} />
              <Radio value="area" label={t("masks.targetModels.area")} />
            </Group>
          </Radio.Group>
          {!hydrated || model === "category" ? (
            <NativeSelect
              key={fields.category_id.key}
              name={fields.category_id.name}
              label={t("masks.category")}
              description={hydrated ? undefined : t("masks.categoryHint")}
              defaultValue={String(fields.category_id.initialValue ?? "")}
              error={fieldError(t, fields.category_id.errors)}
              data={grouped(targets.categories)}
              maw={480}
              data-testid="mask-category"
            />
          ) : null}
          {!hydrated || model === "area" ? (
            <NativeSelect
              key={fields.area_id.key}
              name={fields.area_id.name}
              label={t("masks.area")}
              description={hydrated ? undefined : t("masks.areaHint")}
              defaultValue={String(fields.area_id.initialValue ?? "")}
              error={fieldError(t, fields.area_id.errors)}
              data={grouped(targets.areas)}
              maw={480}
              data-testid="mask-area"
            />
          ) : null}
          <Checkbox.Group key={fields.sections.key} label={t("masks.sections")} description={t("masks.sectionsHint")} defaultValue={checked.sections} error={fieldError(t, fields.sections.errors)}>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="xs" spacing="xs">
              {JUMP_SECTIONS.map(([anchor, position]) => (
                <Checkbox key={anchor} name={fields.sections.name} value={anchor} label={heading(position)} data-testid={`hide-section-${anchor}`} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          {MASK_FIELD_GROUPS.map((group) => (
            <Checkbox.Group key={`${fields.fields.key}-${group.key}`} label={t(`masks.fieldGroups.${group.key}`)} defaultValue={checked.fields} error={group.key === "details" ? fieldError(t, fields.fields.errors) : undefined}>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="xs" spacing="xs">
                {group.fields.map((f) => (
                  <Checkbox key={f} name={fields.fields.name} value={f} label={t(`service.fields.${f}`)} data-testid={`hide-field-${f}`} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          ))}
          <Checkbox.Group key={fields.attributes.key} label={t("masks.attributes")} defaultValue={checked.attributes} error={fieldError(t, fields.attributes.errors)}>
            {attributes.length === 0 ? (
              <Text size="sm" c="dimmed" mt={4}>
                {t("masks.attributesNone")}
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="xs" spacing="xs">
                {attributes.map((a) => (
                  <Checkbox
                    key={a.id}
                    name={fields.attributes.name}
                    value={String(a.id)}
                    label={a.active ? a.designation : t("masks.inactive", { name: a.designation })}
                    data-testid={`hide-attribute-${a.id}`}
                  />
                ))}
              </SimpleGrid>
            )}
          </Checkbox.Group>
          <Group justify="flex-end">
            {mask ? (
              <Button component={Link} to={`/admin/attributemasks/${mask.id}/delete`} variant="default" c="red.9" mr="auto">
                {t("masks.delete")}
              </Button>
            ) : null}
            <Button component={Link} to="/admin/attributemasks" variant="default">
              {t("app.cancel")}
            </Button>
            <Button type="submit" loading={busy} data-testid="save-mask">
              {mask ? t("masks.save") : t("masks.create")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Stack>
  );
}
