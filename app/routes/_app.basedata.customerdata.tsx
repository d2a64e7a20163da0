import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireCapability } from "~/modules/access/session.server";
import { FormAlert } from "~/ui/FormAlert";
import { RecordFields } from "~/modules/basedata/ui/RecordFields";
import { StaleNotice } from "~/modules/basedata/ui/StaleNotice";
import { getDb } from "~/server/db/db.server";
import { CUSTOMER_DATA_FIELDS, recordSchema, type BaseDataActionData, type RecordValues } from "~/modules/basedata/entities";
import { redirectWithFlash } from "~/server/flash.server";
import { parseFormData } from "~/ui/forms";
import { getCustomerData, saveCustomerData } from "~/modules/basedata/customer-data.server";
import { StaleRecordError } from "~/server/errors.server";
import { formVersion, readFormData } from "~/server/request-body.server";

const schema = recordSchema({ fields: CUSTOMER_DATA_FIELDS });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCapability(request, "basedata:read");
  return { customer: await getCustomerData(getDb()) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireCapability(request, "basedata:edit");
  const form = await readFormData(request);
  const parsed = parseFormData(schema, form);
  if (!parsed.success) {
    const values = Object.fromEntries(CUSTOMER_DATA_FIELDS.map((f) => [f.name, String(form.get(f.name) ?? "")]));
    return data<BaseDataActionData>({ ok: false, errors: parsed.errors, values }, { status: 400 });
  }
  try {
    await saveCustomerData(getDb(), parsed.data as RecordValues, formVersion(form, { allowEmpty: true }) || null, user);
  } catch (error) {
    if (error instanceof StaleRecordError)
      return data<BaseDataActionData>(
        { ok: false, errors: { _form: "basedata.stale" }, current: error.current, changedFields: error.changedFields },
        { status: 409 },
      );
    throw error;
  }
  return redirectWithFlash(request, "/basedata/customerdata", { kind: "success", message: "basedata.customerdata.saved" });
}

export default function CustomerData() {
  const { customer } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
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
