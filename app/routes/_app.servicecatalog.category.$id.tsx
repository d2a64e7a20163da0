import { Stack, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { can } from "~/auth/roles";
import { requireUser } from "~/auth/session.server";
import { idOr404, notFound, structureAction } from "~/components/structure/actions.server";
import { ServiceList } from "~/components/structure/ChildLists";
import { DeleteStructureDialog } from "~/components/structure/DeleteStructureDialog";
import { StructureBreadcrumbs, type Crumb } from "~/components/structure/StructureBreadcrumbs";
import { StructureHeader } from "~/components/structure/StructureHeader";
import { StructureManage } from "~/components/structure/StructureManage";
import { pagePath, type StructureActionData } from "~/components/structure/types";
import { getDb } from "~/db/db.server";
import { writeLastVisited } from "~/lib/browser-state.server";
import { getCategory, listAreaOptions } from "~/models/structure.server";
import { isServiceAreaActive } from "~/models/catalogue.server";

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
