import { Stack, TextInput, Textarea } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { markupToText } from "~/lib/markup";
import type { FieldDef } from "~/modules/basedata/entities";
import type { FieldErrors } from "~/server/errors.server";
import { translateError } from "~/ui/forms";

type Values = Record<string, unknown>;

export function displayValue(field: FieldDef, value: unknown, listSeparator = "\n"): string {
  if (Array.isArray(value)) return value.join(field.type === "list" ? listSeparator : ", ");
  if (value == null) return "";
  // Long texts imported from elsewhere may carry markup: a reader sees its text, never its tags.
  return field.type === "textarea" ? markupToText(String(value)) : String(value);
}

/** Every field of a record as labelled inputs with their errors beside them; the full form of new/edit. */
export function RecordFields({ fields, values, errors }: { fields: FieldDef[]; values?: Values; errors?: FieldErrors }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {fields.map((field, index) => {
        const common = {
          name: field.name,
          label: t(`fields.${field.name}`),
          required: field.required,
          defaultValue: displayValue(field, values?.[field.name]),
          error: translateError(t, errors?.[field.name]),
          autoFocus: index === 0,
        };
        if (field.type === "textarea") return <Textarea key={field.name} {...common} autosize minRows={3} maxRows={10} />;
        if (field.type === "list")
          return <Textarea key={field.name} {...common} description={t("basedata.listHint")} autosize minRows={3} maxRows={10} />;
        return (
          <TextInput
            key={field.name}
            {...common}
            type={field.type === "email" ? "email" : field.type === "url" ? "url" : "text"}
          />
        );
      })}
    </Stack>
  );
}
