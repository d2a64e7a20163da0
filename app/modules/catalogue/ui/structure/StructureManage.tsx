import { Button, Card, Group, SimpleGrid, Stack, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ImageForms } from "./ImageForms";
import { StructureEditForm } from "./StructureEditForm";
import { pagePath, type StructureAnswer, type StructureKind } from "../../structure-types";
import { subjectTranslationPath } from "~/modules/translations/subject-types";

/** What keyusers and above get on an area or category page: edit, image, delete. */
export function StructureManage({
  kind,
  record,
  areaOptions,
  actionData,
  translatable = false,
}: {
  kind: StructureKind;
  record: { id: number; name: string; description: string | null; updated_at: string; has_image: boolean; service_area_id?: number | null };
  areaOptions: { id: number; name: string }[] | null;
  actionData?: StructureAnswer;
  /** The catalogue offers further content languages: a link to the translations (issue 37). */
  translatable?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack component="section" gap="sm" aria-labelledby="structure-manage" data-testid="structure-manage">
      <Title order={2} size="h3" id="structure-manage">
        {t("structure.manage")}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder>
          <Title order={3} size="h4" mb="sm">
            {t(kind === "area" ? "structure.editArea" : "structure.editCategory")}
          </Title>
          <StructureEditForm kind={kind} record={record} areaOptions={areaOptions} actionData={actionData} />
        </Card>
        <Card withBorder>
          <Title order={3} size="h4" mb="sm">
            {t("structure.image")}
          </Title>
          <ImageForms hasImage={record.has_image} actionData={actionData} />
        </Card>
      </SimpleGrid>
      <Group>
        {translatable ? (
          <Button component={Link} to={subjectTranslationPath(kind, record.id)} variant="light" data-testid="translate-link">
            {t("structure.translate")}
          </Button>
        ) : null}
        <Button component={Link} to={`${pagePath(kind, record.id)}?confirm=delete`} preventScrollReset color="red" variant="light" data-testid="delete-link">
          {t(kind === "area" ? "structure.deleteArea" : "structure.deleteCategory")}
        </Button>
      </Group>
    </Stack>
  );
}
