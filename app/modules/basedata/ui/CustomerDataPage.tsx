import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "~/ui/FormAlert";
import type { customerDataLoader } from "../customer-data-page.server";
import { CUSTOMER_DATA_FIELDS, baseDataView, type BaseDataAnswer } from "../entities";
import { RecordFields } from "./RecordFields";
import { StaleNotice } from "./StaleNotice";

/** The customer-data card with its one form; a stale save shows what changed meanwhile. */
export function CustomerDataPage() {
  const { customer } = useLoaderData<typeof customerDataLoader>();
  const actionData = baseDataView(useActionData<BaseDataAnswer>());
  const navigation = useNavigation();
  const location = useLocation();
  const { t } = useTranslation();
  return (
    <Stack maw={720}>
      <Title order={1}>{t("basedata.customerdata.title")}</Title>
      <Text c="dimmed">{t("basedata.customerdata.intro")}</Text>
      <Card withBorder>
        {/* key: a successful save reloads the record, so the fields show what is stored. */}
        <Form method="post" noValidate key={customer.updated_at ?? "new"}>
          <input type="hidden" name="updated_at" value={customer.updated_at ?? ""} />
          <Stack gap="md">
            {actionData?.current && actionData.changedFields ? (
              <StaleNotice fields={CUSTOMER_DATA_FIELDS} current={actionData.current} changedFields={actionData.changedFields} reloadTo={location.pathname} />
            ) : (
              <FormAlert error={actionData?.errors?._form} />
            )}
            <RecordFields key={JSON.stringify(actionData?.values ?? null)} fields={CUSTOMER_DATA_FIELDS} values={actionData?.values ?? customer} errors={actionData?.errors} />
            <Group justify="flex-end">
              <Button type="submit" loading={navigation.state === "submitting"}>
                {t("app.save")}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Card>
    </Stack>
  );
}
