import { Stack, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { can } from "~/modules/access/roles";
import { requireUser } from "~/modules/access/session.server";
import { idOr404, notFound, structureAction } from "~/modules/catalogue/structure-page.server";
import { CategoryList } from "~/modules/catalogue/ui/structure/ChildLists";
import { DeleteStructureDialog } from "~/modules/catalogue/ui/structure/DeleteStructureDialog";
import { StructureBreadcrumbs } from "~/modules/catalogue/ui/structure/StructureBreadcrumbs";
import { StructureHeader } from "~/modules/catalogue/ui/structure/StructureHeader";
import { StructureManage } from "~/modules/catalogue/ui/structure/StructureManage";
import type { StructureActionData } from "~/modules/catalogue/structure-types";
import { getDb } from "~/server/db/db.server";
import { writeLastVisited } from "~/modules/catalogue/browser-state.server";
import { getArea } from "~/modules/catalogue/structure.server";
import { isServiceAreaActive } from "~/modules/catalogue/catalogue.server";

/** /servicecatalog/area/:id — an area with its categories; keyusers and above also edit it here. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idOr404(params.id);
  const db = getDb();
  // With the area level switched off, areas do not exist for the reader.
  if (!(await isServiceAreaActive(db))) notFound();
  const area = await getArea(db, id);
  if (!area) notFound();
  const canManage = can(user, "catalogue:structure");
  const confirmDelete = canManage && new URL(request.url).searchParams.get("confirm") === "delete";
  // Remembered for view modes 4/5/6 of the browser ("open the last visited area").
  return data({ area, canManage, confirmDelete }, { headers: { "Set-Cookie": await writeLastVisited(request, "area", id) } });
}

export const action = ({ request, params }: ActionFunctionArgs) => structureAction(request, "area", params.id);

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.area.name} · ServiceHub` : "ServiceHub" }];

export default function AreaPage() {
  const { area, canManage, confirmDelete } = useLoaderData<typeof loader>();
  const actionData = useActionData<StructureActionData>();
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={1100}>
      <StructureBreadcrumbs crumbs={[{ label: t("structure.catalogue"), to: "/servicecatalog" }, { label: area.name }]} />
      <StructureHeader kind="area" record={area} />
      <Stack component="section" gap="xs" aria-labelledby="area-categories">
        <Title order={2} size="h3" id="area-categories">
          {t("structure.categories")}
        </Title>
        <CategoryList categories={area.categories} />
      </Stack>
      {canManage ? <StructureManage kind="area" record={area} areaOptions={null} actionData={actionData} /> : null}
      {canManage && (confirmDelete || actionData?.intent === "delete") ? (
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
