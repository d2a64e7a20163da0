import { Stack, Title } from "@mantine/core";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { areaPageLoader } from "../../structure-pages.server";
import type { StructureAnswer } from "../../structure-types";
import { CategoryList } from "./ChildLists";
import { DeleteStructureDialog } from "./DeleteStructureDialog";
import { StructureBreadcrumbs, catalogueCrumb } from "./StructureBreadcrumbs";
import { StructureHeader } from "./StructureHeader";
import { StructureManage } from "./StructureManage";

/** /servicecatalog/area/:id — the area, its categories, and for keyusers and above its editing. */
export function AreaPage() {
  const { area, catalogue, canManage, confirmDelete, translatable } = useLoaderData<typeof areaPageLoader>();
  const actionData = useActionData<StructureAnswer>();
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={1100}>
      <StructureBreadcrumbs crumbs={[catalogueCrumb(t, catalogue), { label: area.name }]} />
      <StructureHeader kind="area" record={area} />
      <Stack component="section" gap="xs" aria-labelledby="area-categories">
        <Title order={2} size="h3" id="area-categories">
          {t("structure.categories")}
        </Title>
        <CategoryList categories={area.categories} areaId={area.id} canCreate={canManage} />
      </Stack>
      {canManage ? <StructureManage kind="area" record={area} areaOptions={null} actionData={actionData} translatable={translatable} /> : null}
      {canManage && (confirmDelete || actionData?.target === "delete") ? (
        <DeleteStructureDialog
          kind="area"
          id={area.id}
          name={area.name}
          blockers={{ items: area.categories, total: area.categories.length }}
          actionData={actionData}
        />
      ) : null}
    </Stack>
  );
}
