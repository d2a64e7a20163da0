import { Anchor, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useEntryForm, useInOverlay } from "~/ui/entry-form";
import { FormAlert } from "~/ui/FormAlert";
import type { customerDataLoader } from "../customer-data-page.server";
import { CUSTOMER_DATA_FIELDS, baseDataView, type BaseDataAnswer } from "../entities";
import { RecordFields, displayValue } from "./RecordFields";
import { StaleNotice } from "./StaleNotice";

type CustomerData = Record<string, unknown> & { updated_at: string | null };

/** The customer-data form; a stale save shows what changed meanwhile. */
function CustomerDataForm({ customer, onCancel }: { customer: CustomerData; onCancel?: { to: string; click?: () => void } }) {
  const { Form, action, result, busy } = useEntryForm<BaseDataAnswer>("/basedata/customerdata");
  const actionData = baseDataView(result);
  const location = useLocation();
  const { t } = useTranslation();
  return (
    // key: a successful save reloads the record, so the fields show what is stored.
    <Form method="post" action={action} noValidate key={customer.updated_at ?? "new"}>
      <input type="hidden" name="updated_at" value={customer.updated_at ?? ""} />
      <Stack gap="md">
        {actionData?.current && actionData.changedFields ? (
          <StaleNotice fields={CUSTOMER_DATA_FIELDS} current={actionData.current} changedFields={actionData.changedFields} reloadTo={location.pathname} />
        ) : (
          <FormAlert error={actionData?.errors?._form} />
        )}
        <RecordFields key={JSON.stringify(actionData?.values ?? null)} fields={CUSTOMER_DATA_FIELDS} values={actionData?.values ?? customer} errors={actionData?.errors} />
        <Group justify="flex-end">
          {onCancel ? (
            <Button component={Link} to={onCancel.to} variant="default" onClick={onCancel.click ? (event: React.MouseEvent) => (event.preventDefault(), onCancel.click!()) : undefined}>
              {t("app.cancel")}
            </Button>
          ) : null}
          <Button type="submit" loading={busy}>
            {t("app.save")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

/** /basedata/customerdata — the organisation's data in one form. */
export function CustomerDataPage() {
  const { customer } = useLoaderData<typeof customerDataLoader>();
  const { t } = useTranslation();
  return (
    <Stack maw={720}>
      <Title order={1}>{t("basedata.customerdata.title")}</Title>
      <Text c="dimmed">{t("basedata.customerdata.intro")}</Text>
      <Card withBorder>
        <CustomerDataForm customer={customer} />
      </Card>
    </Stack>
  );
}

/**
 * The Organization entry of the settings (spec 01 §2): the "Your data" card, and the same form
 * to edit it — opened in place with JS, by `?edit=1` without.
 */
export function OrganizationPanel({ data }: { data: { customer: CustomerData } }) {
  const { t } = useTranslation();
  const location = useLocation();
  const overlay = useInOverlay();
  const [editing, setEditing] = useState(!overlay && new URLSearchParams(location.search).has("edit"));
  const { customer } = data;
  // A save stores a new version: the card shows it again.
  const shownVersion = useRef(customer.updated_at);
  useEffect(() => {
    if (customer.updated_at !== shownVersion.current) setEditing(false);
    shownVersion.current = customer.updated_at;
  }, [customer.updated_at]);
  return (
    <Stack gap="sm" maw={720}>
      <Title order={2} size="h3">
        {t("basedata.customerdata.yourData")}
      </Title>
      <Text size="sm" c="dimmed">
        {t("basedata.customerdata.intro")}
      </Text>
      <Card withBorder data-testid="organization-card">
        {editing ? (
          <CustomerDataForm customer={customer} onCancel={{ to: "/settings/organization", click: () => setEditing(false) }} />
        ) : (
          <Stack gap="xs">
            <dl style={{ display: "grid", gridTemplateColumns: "minmax(7rem, max-content) minmax(0, 1fr)", gap: "4px 16px", margin: 0 }}>
              {CUSTOMER_DATA_FIELDS.map((field) => (
                <div key={field.name} style={{ display: "contents" }}>
                  <Text component="dt" size="sm" fw={500}>
                    {t(`fields.${field.name}`)}
                  </Text>
                  <Text component="dd" size="sm" m={0} style={{ overflowWrap: "anywhere" }} data-testid={`organization-${field.name}`}>
                    {displayValue(field, customer[field.name]) || "—"}
                  </Text>
                </div>
              ))}
            </dl>
            <Group justify="flex-end">
              <Anchor
                component={Link}
                to="/settings/organization?edit=1"
                onClick={(event: React.MouseEvent) => {
                  event.preventDefault();
                  setEditing(true);
                }}
                data-testid="organization-edit"
              >
                {t("basedata.customerdata.edit")}
              </Anchor>
            </Group>
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
