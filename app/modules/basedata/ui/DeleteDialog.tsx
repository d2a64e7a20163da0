import { Alert, Button, Checkbox, Group, Stack, Text } from "@mantine/core";
import { Form, Link, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { baseDataView, type BaseDataAnswer, type EntityDef } from "~/modules/basedata/entities";
import { FormAlert } from "../../../ui/FormAlert";
import { RouteDialog } from "../../../ui/RouteDialog";
import { AffectedServices } from "~/ui/AffectedServices";

/**
 * Delete confirmation as a route (its own page without JS). A record that services use lists
 * them (first 20 and the count) and needs an explicit tick before it goes.
 */
export function DeleteDialog({
  def,
  record,
  usage,
}: {
  def: EntityDef;
  record: Record<string, unknown>;
  usage: { services: { id: number; name: string }[]; total: number };
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const actionData = baseDataView(useActionData<BaseDataAnswer>());
  const closeTo = `${def.basePath}${location.search}`;
  const name = String(record[def.nameField] ?? "");
  const inUse = actionData?.inUse ?? (usage.total > 0 ? usage : null);
  return (
    <RouteDialog title={t("basedata.deleteTitle", { name })} closeTo={closeTo} maxWidth={560}>
      <Form method="post">
        <Stack gap="md">
          <Text>{t("basedata.deleteQuestion", { name })}</Text>
          {inUse ? (
            <Alert color="orange" title={t("basedata.inUseTitle", { count: inUse.total })} data-testid="in-use">
              <AffectedServices items={inUse.services} total={inUse.total} more={(count) => t("basedata.inUseMore", { count })} />
              <Checkbox mt="sm" name="confirmInUse" value="yes" label={t("basedata.inUseConfirmLabel", { count: inUse.total })} />
            </Alert>
          ) : null}
          {actionData?.errors?._form && actionData.errors._form !== "basedata.inUseConfirm" ? <FormAlert error={actionData.errors._form} /> : null}
          {actionData?.errors?._form === "basedata.inUseConfirm" ? <FormAlert error="basedata.inUseConfirm" /> : null}
          <Group justify="flex-end">
            <Button component={Link} to={closeTo} variant="default">
              {t("app.cancel")}
            </Button>
            <Button type="submit" color="red" loading={navigation.state === "submitting"} autoFocus data-testid="confirm-delete">
              {t("basedata.delete")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </RouteDialog>
  );
}
