import { Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AttributeForm } from "./children/AttributeForm";
import { EmptyNote, SectionShell, type ChildSectionProps } from "./children/SectionShell";
import type { AttributeItem } from "../children-types";

/** The service's values of the custom attributes (admin-defined text fields and dropdowns). */
export function AttributesSection({
  serviceId,
  updatedAt,
  canEdit,
  title,
  data,
}: ChildSectionProps<{ items: AttributeItem[] }>) {
  const { t } = useTranslation();
  const display = (item: AttributeItem) =>
    item.type === "text" ? item.text : (item.slots.find((s) => s.reference === item.selected)?.value ?? null);
  return (
    <SectionShell id="attributes" title={title}>
      {data.items.length === 0 ? (
        <EmptyNote>{t("servicechildren.attributes.empty")}</EmptyNote>
      ) : canEdit ? (
        <Stack gap="sm">
          {data.items.map((item) => (
            <AttributeForm key={item.id} serviceId={serviceId} updatedAt={updatedAt} attribute={item} text={item.text} selected={item.selected} />
          ))}
        </Stack>
      ) : (
        <Table variant="vertical" withTableBorder data-testid="attributes-table">
          <Table.Tbody>
            {data.items.map((item) => {
              const value = display(item);
              return (
                <Table.Tr key={item.id}>
                  <Table.Th w={240}>{item.designation}</Table.Th>
                  <Table.Td style={{ whiteSpace: "pre-line" }}>
                    {value ?? (
                      <Text span c="dimmed" size="sm">
                        {t("servicechildren.attributes.notSet")}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </SectionShell>
  );
}
