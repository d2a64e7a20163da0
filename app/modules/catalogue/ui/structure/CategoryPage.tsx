import { Stack, Title } from "@mantine/core";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { categoryPageLoader } from "../../structure-pages.server";
import { pagePath, type StructureAnswer } from "../../structure-types";
import { ServiceList } from "./ChildLists";
import { DeleteStructureDialog } from "./DeleteStructureDialog";
import { StructureBreadcrumbs, catalogueCrumb, type Crumb } from "./StructureBreadcrumbs";
import { StructureHeader } from "./StructureHeader";
import { StructureManage } from "./StructureManage";

/** /servicecatalog/category/:id — the category, its services, and for keyusers and above its editing. */
export function CategoryPage() {
  const { category, catalogue, canManage, confirmDelete, areaOptions, translatable } = useLoaderData<typeof categoryPageLoader>();
  const actionData = useActionData<StructureAnswer>();
  const { t } = useTranslation();
  const crumbs: Crumb[] = [catalogueCrumb(t, catalogue)];
  if (category.area) crumbs.push({ label: category.area.name, to: pagePath("area", category.area.id) });
  crumbs.push({ label: category.name });
  return (
    <Stack gap="lg" maw={1100}>
      <StructureBreadcrumbs crumbs={crumbs} />
      <StructureHeader kind="category" record={category} />
      <Stack component="section" gap="xs" aria-labelledby="category-services">
        <Title order={2} size="h3" id="category-services">
          {t("structure.services")}
        </Title>
        <ServiceList services={category.services} categoryId={category.id} canCreate={canManage} />
      </Stack>
      {canManage ? <StructureManage kind="category" record={category} areaOptions={areaOptions} actionData={actionData} translatable={translatable} /> : null}
      {canManage && (confirmDelete || actionData?.target === "delete") ? (
        <DeleteStructureDialog
          kind="category"
          id={category.id}
          name={category.name}
          blockers={{ items: category.services, total: category.services.length }}
          actionData={actionData}
        />
      ) : null}
    </Stack>
  );
}
