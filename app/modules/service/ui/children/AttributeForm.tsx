import { Button, Group, NativeSelect, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { translateError } from "~/ui/forms";
import { ChildForm } from "./ChildForm";
import type { AttributeDefinition, ChildActionData, SlotReference } from "../../children-types";

/** The value of one attribute for the service: a text field, or a choice of the attribute's active slots. */
export function AttributeForm({
  serviceId,
  updatedAt,
  attribute,
  text,
  selected,
  failed,
}: {
  serviceId: number;
  updatedAt: string;
  attribute: AttributeDefinition;
  text: string | null;
  selected: SlotReference | null;
  failed?: ChildActionData | null;
}) {
  const { t } = useTranslation();
  const isText = attribute.type === "text";
  return (
    <ChildForm
      serviceId={serviceId}
      updatedAt={updatedAt}
      intent={isText ? "setAttributeText" : "setAttributeDropdown"}
      itemId={attribute.id}
      label={attribute.designation}
      failed={failed}
      resetKey={JSON.stringify([text, selected])}
    >
      {({ errors, values, busy }) => (
        <Group align="flex-end">
          {isText ? (
            <TextInput
              name="text"
              label={attribute.designation}
              description={attribute.details ?? undefined}
              defaultValue={values?.text ?? text ?? ""}
              error={translateError(t, errors.text)}
              maxLength={2000}
              style={{ flex: 1, minWidth: 240 }}
            />
          ) : (
            <NativeSelect
              name="reference"
              label={attribute.designation}
              description={attribute.details ?? undefined}
              defaultValue={values?.reference ?? selected ?? ""}
              error={translateError(t, errors.reference)}
              data={[{ value: "", label: t("servicechildren.attributes.none") }, ...attribute.slots.map((s) => ({ value: s.reference, label: s.value }))]}
              style={{ flex: 1, minWidth: 240 }}
            />
          )}
          <Button type="submit" variant="light" loading={busy} aria-label={t("servicechildren.attributes.saveNamed", { name: attribute.designation })}>
            {t("servicechildren.save")}
          </Button>
        </Group>
      )}
    </ChildForm>
  );
}
