import { Stack, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { can } from "~/modules/access/roles";
import { requireUser } from "~/modules/access/session.server";
import { idOr404, notFound, structureAction } from "~/modules/catalogue/structure-page.server";
import { ServiceList } from "~/modules/catalogue/ui/structure/ChildLists";
import { DeleteStructureDialog } from "~/modules/catalogue/ui/structure/DeleteStructureDialog";
import { StructureBreadcrumbs, type Crumb } from "~/modules/catalogue/ui/structure/StructureBreadcrumbs";
import { StructureHeader } from "~/modules/catalogue/ui/structure/StructureHeader";
import { StructureManage } from "~/modules/catalogue/ui/structure/StructureManage";
import { pagePath, type StructureActionData } from "~/modules/catalogue/structure-types";
import { getDb } from "~/server/db/db.server";
import { writeLastVisited } from "~/modules/catalogue/browser-state.server";
import { getCategory, listAreaOptions } from "~/modules/catalogue/structure.server";
import { isServiceAreaActive } from "~/modules/catalogue/catalogue.server";

/** /servicecatalog/category/:id — a category with its services; keyusers and above also edit it here. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idOr404(params.id);
  const db = getDb();
  const found = await getCategory(db, id);
  if (!found) notFound();
  // With the area level switched off, the category's area is neither shown nor offered.
  const areaLevel = await isServiceAreaActive(db);
  const category = areaLevel ? found : { ...found, area: null };
  const canManage = can(user, "catalogue:structure");
  const areaOptions = canManage && areaLevel ? await listAreaOptions(db, category.service_catalogue_id) : null;
  const confirmDelete = canManage && new URL(request.url).searchParams.get("confirm") === "delete";
  // Remembered for view modes 4/5/6 of the browser ("open the last visited category").
  return data({ category, canManage, confirmDelete, areaOptions }, { headers: { "Set-Cookie": await writeLastVisited(request, "category", id) } });
}

export const action = ({ request, params }: ActionFunctionArgs) => structureAction(request, "category", params.id);

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.category.name} · ServiceHub` : "ServiceHub" }];

export default function CategoryPage() {
  const { category, canManage, confirmDelete, areaOptions } = useLoaderData<typeof loader>();
  const actionData = useActionData<StructureActionData>();
  const { t } = useTranslation();
  const crumbs: Crumb[] = [{ label: t("structure.catalogue"), to: "/servicecatalog" }];
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
        <ServiceList services={category.services} />
      </Stack>
      {canManage ? <StructureManage kind="category" record={category} areaOptions={areaOptions} actionData={actionData} /> : null}
      {canManage && (confirmDelete || actionData?.intent === "delete") ? (
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
