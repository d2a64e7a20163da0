import { Alert, Anchor, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { IconBox, IconCategory, IconLayoutColumns } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { requireCapability } from "~/modules/access/session.server";
import { FormAlert } from "~/ui/FormAlert";
import { getDb } from "~/server/db/db.server";
import { redirectWithFlash } from "~/server/flash.server";
import { translateError, type FieldErrors } from "~/ui/forms";
import { getCurrentCatalogueId, isServiceAreaActive } from "~/modules/catalogue/catalogue.server";
import { StructureValidationError, createArea, createCategory } from "~/modules/catalogue/structure.server";
import { NotFoundError } from "~/server/errors.server";
import { createService } from "~/modules/service/service.server";
import { readFormData } from "~/server/request-body.server";

const TYPES = ["area", "category", "service"] as const;
type CreateType = (typeof TYPES)[number];

const ERROR_KEYS: Record<CreateType, string> = {
  area: "catalogue.createMenu.errorArea",
  category: "catalogue.createMenu.errorCategory",
  service: "catalogue.createMenu.errorService",
};

const Schema = z.object({
  type: z.enum(TYPES),
  name: z.string({ error: "validation.required" }).trim().min(1, { error: "validation.required" }).max(255, { error: "validation.tooLong|max=255" }),
  area: z.string().optional(),
  category: z.string().optional(),
});

function optionalId(raw: string | undefined): number | null {
  const n = Number(raw);
  return raw && Number.isSafeInteger(n) && n > 0 ? n : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCapability(request, "catalogue:structure");
  const url = new URL(request.url);
  const raw = url.searchParams.get("type");
  const db = getDb();
  const areaActive = await isServiceAreaActive(db);
  const type = (TYPES as readonly string[]).includes(raw ?? "") && !(raw === "area" && !areaActive) ? (raw as CreateType) : null;
  const catalogueId = await getCurrentCatalogueId(db, user.id);
  let categories: { id: number; name: string }[] = [];
  let areas: { id: number; name: string }[] = [];
  let loadError: string | null = null;
  try {
    if (type === "service")
      categories = await db.selectFrom("service_categories").select(["id", "name"]).where("service_catalogue_id", "=", catalogueId).orderBy("name").execute();
    if (type === "category" && areaActive)
      areas = await db.selectFrom("service_areas").select(["id", "name"]).where("service_catalogue_id", "=", catalogueId).orderBy("name").execute();
  } catch (error) {
    console.error(error);
    loadError = "catalogue.createMenu.errorFetchingCategories";
  }
  return { type, areaActive, categories, areas, loadError };
}

/** Creates the chosen kind in the current catalogue and opens its page. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireCapability(request, "catalogue:structure");
  const form = Object.fromEntries(await readFormData(request));
  const parsed = Schema.safeParse(form);
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "_form")] ??= issue.message;
    return data({ errors }, { status: 400 });
  }
  const { type, name } = parsed.data;
  const db = getDb();
  const categoryId = optionalId(parsed.data.category);
  if (type === "service" && !categoryId) return data({ errors: { category: "catalogue.createMenu.categoryRequired" } as FieldErrors }, { status: 400 });
  try {
    const catalogueId = await getCurrentCatalogueId(db, user.id);
    if (type === "area") {
      const id = await createArea(db, { name, catalogueId }, user);
      return redirectWithFlash(request, `/servicecatalog/area/${id}`, { kind: "success", message: "catalogue.createMenu.areaCreated" });
    }
    if (type === "category") {
      const areaId = (await isServiceAreaActive(db)) ? optionalId(parsed.data.area) : null;
      const id = await createCategory(db, { name, catalogueId, areaId }, user);
      return redirectWithFlash(request, `/servicecatalog/category/${id}`, { kind: "success", message: "catalogue.createMenu.categoryCreated" });
    }
    const id = await createService(db, { name, categoryId: categoryId! }, user);
    return redirectWithFlash(request, `/servicecatalog/service/${id}`, { kind: "success", message: "catalogue.createMenu.serviceCreated" });
  } catch (error) {
    if (error instanceof StructureValidationError) return data({ errors: { ...error.errors, area: error.errors.areaId } as FieldErrors }, { status: 400 });
    if (error instanceof NotFoundError) return data({ errors: { category: "catalogue.createMenu.categoryRequired" } as FieldErrors }, { status: 400 });
    console.error(error);
    return data({ errors: { _form: ERROR_KEYS[type] } as FieldErrors }, { status: 500 });
  }
}

const ICONS = { area: IconLayoutColumns, category: IconCategory, service: IconBox };

/** The create menu (spec 01 §2): the type first, then the name (and category). One form per step. */
export default function CreateMenu() {
  const { type, areaActive, categories, areas, loadError } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const errors: FieldErrors = actionData?.errors ?? {};
  return (
    <Stack maw={640}>
      <Anchor component={Link} to="/servicecatalog" size="sm">
        ← {t("catalogue.defaultLabel")}
      </Anchor>
      <Title order={1}>{t("catalogue.createMenu.title")}</Title>
      {!type ? (
        <>
          <Text>{t("catalogue.createMenu.chooseType")}</Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {TYPES.filter((k) => areaActive || k !== "area").map((k) => {
              const Icon = ICONS[k];
              return (
                <Button key={k} component={Link} to={`?type=${k}`} variant="default" h={88} leftSection={<Icon size={22} aria-hidden />} data-testid={`create-${k}`}>
                  {t(`catalogue.createMenu.${k}`)}
                </Button>
              );
            })}
          </SimpleGrid>
        </>
      ) : (
        <Card withBorder>
          <Form method="post" noValidate>
            <input type="hidden" name="type" value={type} />
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t(`catalogue.createMenu.${type}`)}
              </Title>
              <FormAlert error={errors._form ?? loadError} />
              <TextInput name="name" label={t("catalogue.createMenu.name")} required autoFocus error={translateError(t, errors.name)} />
              {type === "category" && areaActive ? (
                <NativeSelect
                  name="area"
                  error={translateError(t, errors.area)}
                  label={t("catalogue.createMenu.areaLabel")}
                  data={[{ value: "", label: t("catalogue.createMenu.noAreaOption") }, ...areas.map((a) => ({ value: String(a.id), label: a.name }))]}
                />
              ) : null}
              {type === "service" ? (
                categories.length || loadError ? (
                  <NativeSelect
                    name="category"
                    label={t("catalogue.createMenu.categoryLabel")}
                    required
                    data={[{ value: "", label: t("catalogue.createMenu.chooseCategory") }, ...categories.map((c) => ({ value: String(c.id), label: c.name }))]}
                    error={translateError(t, errors.category)}
                  />
                ) : (
                  <Alert color="yellow">{t("catalogue.createMenu.noCategories")}</Alert>
                )
              ) : null}
              <Group justify="space-between">
                <Anchor component={Link} to="/servicecatalog/new" size="sm">
                  {t("catalogue.createMenu.back")}
                </Anchor>
                <Button type="submit" data-testid="create-submit">
                  {t("catalogue.createMenu.submit")}
                </Button>
              </Group>
            </Stack>
          </Form>
        </Card>
      )}
    </Stack>
  );
}
