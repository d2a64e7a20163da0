import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { CategoryChoiceGroup } from "~/modules/service/service-lifecycle.server";
import { FormAlert } from "../../../../ui/FormAlert";
import { RouteDialog } from "../../../../ui/RouteDialog";
import { CategorySelect } from "./CategorySelect";
import type { LifecycleActionData } from "../../bin-types";
import type { CategoryChoiceSchema } from "../../lifecycle-schemas";
import { useSchemaForm } from "~/ui/form/use-schema-form";

/** Duplicate a service, or derive it into another catalogue: pick the target category, confirm. */
export function CopyServiceDialog({
  kind,
  service,
  groups,
  defaultCategoryId,
  actionData,
}: {
  kind: "duplicate" | "derivative";
  service: { id: number; name: string };
  groups: CategoryChoiceGroup[];
  defaultCategoryId: string;
  actionData?: LifecycleActionData;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm<typeof CategoryChoiceSchema>(actionData, { defaultValue: { categoryId: defaultCategoryId } });
  const closeTo = `/servicecatalog/service/${service.id}`;
  const empty = groups.every((g) => g.categories.length === 0);
  return (
    <RouteDialog title={t(`lifecycle.${kind}.title`)} closeTo={closeTo} maxWidth={560}>
      {empty ? (
        <Stack gap="md">
          <Alert color="yellow" data-testid="no-target">
            {t(kind === "derivative" ? "lifecycle.derivative.noOtherCatalogue" : "lifecycle.restore.noCategories")}
          </Alert>
          <Group justify="flex-end">
            <Button component={Link} to={closeTo} variant="default">
              {t("app.close")}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate>
          <Stack gap="md">
            <Text size="sm">{t(`lifecycle.${kind}.intro`, { name: service.name })}</Text>
            <FormAlert error={form.errors?.[0]} />
            <CategorySelect
              groups={groups}
              label={t(`lifecycle.${kind}.category`)}
              key={fields.categoryId.key}
                defaultValue={fields.categoryId.initialValue ?? ""}
              error={fields.categoryId.errors?.[0]}
            />
            <Group justify="flex-end">
              <Button component={Link} to={closeTo} variant="default">
                {t("app.cancel")}
              </Button>
              <Button type="submit" loading={navigation.state === "submitting"} data-testid={`confirm-${kind}`}>
                {t(`lifecycle.${kind}.submit`)}
              </Button>
            </Group>
          </Stack>
        </Form>
      )}
    </RouteDialog>
  );
}
