import { Group, Image, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { imagePath, type StructureKind } from "../../structure-types";

/** Kind, name, image and description of an area or category. */
export function StructureHeader({
  kind,
  record,
}: {
  kind: StructureKind;
  record: { id: number; name: string; description: string | null; has_image: boolean; updated_at: string };
}) {
  const { t } = useTranslation();
  return (
    <Group align="flex-start" wrap="nowrap" gap="lg">
      {record.has_image ? (
        <Image
          src={imagePath(kind, record.id, record.updated_at)}
          alt={t("structure.imageAlt", { name: record.name })}
          w={160}
          maw="30%"
          radius="md"
          fit="contain"
          data-testid="structure-image"
        />
      ) : null}
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Text size="sm" c="dimmed" fw={600} tt="uppercase">
          {t(`structure.${kind}`)}
        </Text>
        <Title order={1}>{record.name}</Title>
        {record.description ? (
          <Text style={{ whiteSpace: "pre-wrap" }} data-testid="structure-description">
            {record.description}
          </Text>
        ) : (
          <Text c="dimmed" data-testid="structure-description">
            {t("structure.noDescription")}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
