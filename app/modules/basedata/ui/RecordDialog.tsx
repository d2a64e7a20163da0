import { Button, Group, Stack } from "@mantine/core";
import { Form, Link, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { baseDataView, type BaseDataAnswer, type EntityDef } from "~/modules/basedata/entities";
import { FormAlert } from "../../../ui/FormAlert";
import { RouteDialog } from "../../../ui/RouteDialog";
import { RecordFields } from "./RecordFields";
import { StaleNotice } from "./StaleNotice";

/** New and edit as a dialog route over the list; without JS simply a page with the full form. */
export function RecordDialog({ def, record }: { def: EntityDef; record?: Record<string, unknown> & { id: number; updated_at: string } }) {
  const { t } = useTranslation();
  const location = useLocation();
  const actionData = baseDataView(useActionData<BaseDataAnswer>());
  const navigation = useNavigation();
  const closeTo = `${def.basePath}${location.search}`;
  const errors = actionData?.errors ?? {};
  const stale = actionData?.current && actionData.changedFields;
  return (
    <RouteDialog title={t(record ? `basedata.${def.key}.editTitle` : `basedata.${def.key}.newTitle`)} closeTo={closeTo} maxWidth={640}>
      <Form method="post" noValidate>
        {record ? <input type="hidden" name="updated_at" value={record.updated_at} /> : null}
        <Stack gap="md">
          {stale ? (
            <StaleNotice fields={def.fields} current={actionData.current!} changedFields={actionData.changedFields!} reloadTo={location.pathname + location.search} />
          ) : (
            <FormAlert error={errors._form} />
          )}
          {/* key: a refused post re-renders with what was typed (uncontrolled inputs keep their first value otherwise). */}
          <RecordFields key={JSON.stringify(actionData?.values ?? null)} fields={def.fields} values={actionData?.values ?? record} errors={errors} />
          <Group justify="flex-end">
            <Button component={Link} to={closeTo} variant="default">
              {t("app.cancel")}
            </Button>
            <Button type="submit" loading={navigation.state === "submitting"}>
              {t("app.save")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </RouteDialog>
  );
}
