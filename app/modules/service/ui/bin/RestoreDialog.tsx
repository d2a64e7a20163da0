import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { CategoryChoiceGroup } from "~/modules/service/service-lifecycle.server";
import { FormAlert } from "../../../../ui/FormAlert";
import { RouteDialog } from "../../../../ui/RouteDialog";
import { CategorySelect } from "./CategorySelect";
import type { LifecycleActionData } from "../../bin-types";
import type { CategoryChoiceSchema } from "../../lifecycle-schemas";
import { useSchemaForm } from "~/ui/form/use-schema-form";

/** The restore step of the bin: where should the service go (its category is gone, or the user wants another). */
export function RestoreDialog({
  service,
  groups,
  categoryGone,
  defaultCategoryId,
  actionData,
}: {
  service: { id: number; name: string };
  groups: CategoryChoiceGroup[];
  categoryGone: boolean;
  defaultCategoryId: string;
  actionData?: LifecycleActionData;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm<typeof CategoryChoiceSchema>(actionData, { defaultValue: { categoryId: defaultCategoryId } });
  const closeTo = `/bin${location.search}`;
  const empty = groups.every((g) => g.categories.length === 0);
  return (
    <RouteDialog title={t("lifecycle.restore.title")} closeTo={closeTo} maxWidth={560}>
      <Stack gap="md">
        <Text size="sm" data-testid="restore-reason">
          {t(categoryGone ? "lifecycle.restore.categoryGone" : "lifecycle.restore.chooseTarget", { name: service.name })}
        </Text>
        {empty ? (
          <>
            <Alert color="yellow">{t("lifecycle.restore.noCategories")}</Alert>
            <Group justify="flex-end">
              <Button component={Link} to={closeTo} variant="default">
                {t("app.close")}
              </Button>
            </Group>
          </>
        ) : (
          <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate>
            <Stack gap="md">
              <FormAlert error={form.errors?.[0]} />
              <CategorySelect
                groups={groups}
                label={t("lifecycle.restore.category")}
                key={fields.categoryId.key}
                defaultValue={fields.categoryId.initialValue ?? ""}
                error={fields.categoryId.errors?.[0]}
              />
              <Group justify="flex-end">
                <Button component={Link} to={closeTo} variant="default">
                  {t("app.cancel")}
                </Button>
                <Button type="submit" loading={navigation.state === "submitting"} data-testid="confirm-restore">
                  {t("lifecycle.restore.submit")}
                </Button>
              </Group>
            </Stack>
          </Form>
        )}
      </Stack>
    </RouteDialog>
  );
}
