import { Anchor, Button, Checkbox, Fieldset, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from "@mantine/core";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "~/ui/FormAlert";
import { useReadBack } from "~/ui/read-back";
import { fieldError, formError, useSchemaForm, type FormAnswer } from "~/ui/form/use-schema-form";
import type { AttributeDetail } from "../attributes.server";
import { ATTRIBUTE_TYPES, DEFAULT_HEADLINE, DESIGNATION_MAX, DETAILS_MAX, HEADLINE_MAX, MAX_SLOTS, SLOT_VALUE_MAX, SLOT_WORDS } from "../attributes-limits";
import type { AttributeAnswerMeta, AttributeSchema } from "../attributes-schema";
import { ImpactNotice } from "./ImpactNotice";

const LIST_PATH = "/admin/serviceattributes";

type Initial = Record<string, unknown> & { slots?: Array<{ value?: unknown; active?: unknown } | undefined> };

/** The form's starting values: the stored attribute, or a new active text attribute. */
function defaultsOf(attribute: AttributeDetail | null): Initial {
  if (!attribute) return { type: "text", dropdown_count: "3", active: "on", slots: SLOT_WORDS.map(() => ({ value: "", active: "on" })) };
  return {
    designation: attribute.designation,
    type: attribute.type,
    dropdown_count: String(attribute.type === "dropdown" ? attribute.dropdownCount : 3),
    active: attribute.active ? "on" : undefined,
    headline: attribute.headline === DEFAULT_HEADLINE ? "" : attribute.headline,
    position: String(attribute.position),
    details: attribute.details ?? "",
    updated_at: attribute.updatedAt,
    slots: attribute.slots.map((s) => ({ value: s.value ?? "", active: s.active || attribute.type !== "dropdown" ? "on" : undefined })),
  };
}

const isOn = (value: unknown) => value === "on" || value === true;

/**
 * /admin/serviceattributes/new and /admin/serviceattributes/:id — designation, type, number of
 * dropdown fields, active, headline, position, description and the dropdown's slots. Without JS
 * every slot shows (the first "number" are used); with JS only those, and no slots for a text.
 */
export function AttributeFormPage() {
  const { t } = useTranslation();
  const { attribute } = useLoaderData<{ attribute: AttributeDetail | null }>();
  const answer = useActionData<FormAnswer<AttributeAnswerMeta>>();
  const [form, fields] = useSchemaForm<typeof AttributeSchema>(answer, { defaultValue: defaultsOf(attribute) as never });
  const initial = (form.initialValue ?? {}) as Initial;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [type, setType] = useState(String(initial.type ?? "text"));
  const [count, setCount] = useState(Number(initial.dropdown_count ?? 3) || 3);
  const typeField = useReadBack<HTMLSelectElement>((select) => setType(select.value));
  const countField = useReadBack<HTMLSelectElement>((select) => setCount(Number(select.value) || 1));
  const busy = useNavigation().state === "submitting";
  const impact = answer?.meta?.impact;
  const error = formError(answer);
  const showSlots = !hydrated || type === "dropdown";
  const title = attribute ? t("attributes.editTitle", { name: attribute.designation }) : t("attributes.newTitle");
  const text = (name: keyof typeof fields) => String(fields[name].initialValue ?? "");
  return (
    <Stack gap="md" maw={820}>
      <Anchor component={Link} to={LIST_PATH} size="sm">
        {t("attributes.back")}
      </Anchor>
      <Title order={1}>{title}</Title>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate aria-label={title}>
        <Stack gap="sm">
          {impact ? <ImpactNotice impact={impact} busy={busy} /> : <FormAlert error={error} />}
          {attribute ? <input type="hidden" name={fields.updated_at.name} value={attribute.updatedAt} /> : null}
          <TextInput
            key={fields.designation.key}
            name={fields.designation.name}
            label={t("attributes.fields.designation")}
            defaultValue={text("designation")}
            error={fieldError(t, fields.designation.errors)}
            maxLength={DESIGNATION_MAX}
            required
            autoFocus={!attribute}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              key={fields.type.key}
              name={fields.type.name}
              label={t("attributes.fields.type")}
              ref={typeField}
              defaultValue={text("type") || "text"}
              onChange={(e) => setType(e.currentTarget.value)}
              error={fieldError(t, fields.type.errors)}
              data={ATTRIBUTE_TYPES.map((value) => ({ value, label: t(`attributes.types.${value}`) }))}
            />
            {showSlots ? (
              <NativeSelect
                key={fields.dropdown_count.key}
                name={fields.dropdown_count.name}
                label={t("attributes.fields.dropdownCount")}
                description={t("attributes.fields.dropdownCountHint")}
                ref={countField}
                defaultValue={text("dropdown_count") || "3"}
                onChange={(e) => setCount(Number(e.currentTarget.value) || 1)}
                error={fieldError(t, fields.dropdown_count.errors)}
                data={Array.from({ length: MAX_SLOTS }, (_, i) => String(i + 1))}
              />
            ) : null}
          </SimpleGrid>
          <Checkbox
            key={fields.active.key}
            name={fields.active.name}
            label={t("attributes.fields.active")}
            description={t("attributes.fields.activeHint")}
            defaultChecked={isOn(fields.active.initialValue)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              key={fields.headline.key}
              name={fields.headline.name}
              label={t("attributes.fields.headline")}
              description={t("attributes.fields.headlineHint")}
              defaultValue={text("headline")}
              error={fieldError(t, fields.headline.errors)}
              maxLength={HEADLINE_MAX}
            />
            <TextInput
              key={fields.position.key}
              name={fields.position.name}
              type="number"
              min={0}
              max={9999}
              label={t("attributes.fields.position")}
              description={t("attributes.fields.positionHint")}
              defaultValue={text("position")}
              error={fieldError(t, fields.position.errors)}
            />
          </SimpleGrid>
          <Textarea
            key={fields.details.key}
            name={fields.details.name}
            label={t("attributes.fields.details")}
            description={t("attributes.fields.detailsHint")}
            defaultValue={text("details")}
            error={fieldError(t, fields.details.errors)}
            maxLength={DETAILS_MAX}
            autosize
            minRows={2}
          />
          {showSlots ? (
            <Fieldset legend={t("attributes.slots.legend")} data-testid="attribute-slots">
              <Stack gap="xs">
                {!hydrated ? (
                  <Text size="sm" c="dimmed">
                    {t("attributes.slots.hint")}
                  </Text>
                ) : null}
                {SLOT_WORDS.map((word, i) => {
                  const slot = initial.slots?.[i];
                  const hidden = hydrated && i >= count;
                  return (
                    <Group key={`${word}-${form.key ?? ""}`} align="flex-end" gap="sm" wrap="wrap" style={hidden ? { display: "none" } : undefined} data-testid="slot-row">
                      <TextInput
                        name={`slots[${i}].value`}
                        label={t("attributes.slots.value", { n: i + 1 })}
                        defaultValue={String(slot?.value ?? "")}
                        error={fieldError(t, form.allErrors[`slots[${i}].value`])}
                        maxLength={SLOT_VALUE_MAX}
                        style={{ flex: 1, minWidth: 200 }}
                      />
                      <Checkbox name={`slots[${i}].active`} label={t("attributes.slots.activeLabel", { n: i + 1 })} defaultChecked={isOn(slot?.active)} mb={8} />
                    </Group>
                  );
                })}
              </Stack>
            </Fieldset>
          ) : null}
          <Group justify="flex-end">
            <Button component={Link} to={LIST_PATH} variant="default">
              {t("app.cancel")}
            </Button>
            <Button type="submit" loading={busy} data-testid="save-attribute">
              {attribute ? t("attributes.save") : t("attributes.create")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Stack>
  );
}
