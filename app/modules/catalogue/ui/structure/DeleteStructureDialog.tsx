import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { answerFor, formError } from "~/ui/form/use-schema-form";
import { FormAlert } from "../../../../ui/FormAlert";
import { RouteDialog } from "../../../../ui/RouteDialog";
import { pagePath, type StructureAnswer, type StructureKind } from "../../structure-types";
import { AffectedServices } from "~/ui/AffectedServices";

/**
 * The confirmation step of deleting an area or category: `?confirm=delete` on its page, so
 * without JS it is simply a page. When there are still children, it says what has to go first
 * and offers no delete button (the server refuses such a delete anyway).
 */
export function DeleteStructureDialog({
  kind,
  id,
  name,
  blockers,
  actionData,
}: {
  kind: StructureKind;
  id: number;
  name: string;
  /** What still has to go first: the categories of an area, the services of a category. */
  blockers: { items: { id: number; name: string }[]; total: number };
  actionData?: StructureAnswer;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const closeTo = pagePath(kind, id);
  const refused = answerFor(actionData, "delete");
  const blocking = refused?.meta?.children ?? (blockers.total > 0 ? blockers : null);
  const childKind = kind === "area" ? "category" : "service";
  return (
    <RouteDialog title={t(kind === "area" ? "structure.deleteArea" : "structure.deleteCategory")} closeTo={closeTo} maxWidth={560}>
      {blocking ? (
        <Stack gap="md">
          <Alert color="orange" role="alert" data-testid="has-children">
            <Text size="sm">{t(kind === "area" ? "structure.areaHasCategories" : "structure.categoryHasServices")}</Text>
            <AffectedServices
              items={blocking.items}
              total={blocking.total}
              more={(count) => t("structure.childrenMore", { count })}
              hrefOf={(child) => (childKind === "service" ? `/servicecatalog/service/${child.id}` : pagePath("category", child.id))}
            />
          </Alert>
          <Group justify="flex-end">
            <Button component={Link} to={closeTo} variant="default">
              {t("app.close")}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Form method="post" action={`${closeTo}?confirm=delete`}>
          <input type="hidden" name="intent" value="delete" />
          <Stack gap="md">
            <Text>{t(kind === "area" ? "structure.deleteAreaQuestion" : "structure.deleteCategoryQuestion", { name })}</Text>
            <FormAlert error={formError(refused)} />
            <Group justify="flex-end">
              <Button component={Link} to={closeTo} variant="default">
                {t("app.cancel")}
              </Button>
              <Button type="submit" color="red" loading={navigation.state === "submitting"} autoFocus data-testid="confirm-delete">
                {t("structure.delete")}
              </Button>
            </Group>
          </Stack>
        </Form>
      )}
    </RouteDialog>
  );
}
